import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PhotoViewer } from './PhotoViewer';

const photos = [{ src: '/a.jpg' }, { src: '/b.jpg' }, { src: '/c.jpg', alt: 'The lake' }];

// Without a loaded language, t() answers the key: the assertions name the strings by key.
function Album({ start = null }: { start?: number | null }) {
  const [index, setIndex] = useState<number | null>(start);
  return (
    <>
      <button type="button" onClick={() => setIndex(1)}>
        open
      </button>
      <PhotoViewer
        photos={photos}
        index={index}
        onIndex={setIndex}
        onClose={() => setIndex(null)}
        label="Her photos"
      >
        <span>Under review</span>
      </PhotoViewer>
    </>
  );
}

describe('photo viewer', () => {
  it('shows the photo asked for, by its name, with what the page puts under it', () => {
    render(<Album start={1} />);
    const viewer = screen.getByRole('dialog', { name: 'Her photos' });
    expect(viewer).toHaveProperty('open', true);
    expect(screen.getByRole('img')).toHaveProperty('src', expect.stringContaining('/b.jpg'));
    expect(screen.getByText('photoViewer.count')).toBeTruthy();
    expect(screen.getByText('Under review')).toBeTruthy();
  });

  it('goes to the next and previous photo with the arrows, buttons or keys, no further than the ends', () => {
    render(<Album start={1} />);
    const next = screen.getByRole('button', { name: 'photoViewer.next' });
    const previous = screen.getByRole('button', { name: 'photoViewer.previous' });
    fireEvent.click(next);
    expect(screen.getByRole('img', { name: 'The lake' })).toBeTruthy();
    expect(next).toHaveProperty('disabled', true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(screen.getByRole('img')).toHaveProperty('src', expect.stringContaining('/a.jpg'));
    expect(previous).toHaveProperty('disabled', true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(screen.getByRole('img')).toHaveProperty('src', expect.stringContaining('/a.jpg'));
  });

  it('closes with Close and gives focus back to what opened it', () => {
    render(<Album />);
    const opener = screen.getByRole('button', { name: 'open' });
    opener.focus();
    fireEvent.click(opener);
    const close = screen.getByRole('button', { name: 'common.close' });
    expect(document.activeElement).toBe(close);
    fireEvent.click(close);
    expect(screen.queryByRole('img')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with Escape', () => {
    render(<Album start={0} />);
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('img')).toBeNull();
  });
});
