import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { useChatPlaces } from './chat-places';

type Shown = { content: Record<string, unknown>; type?: string };

function Content({ content, type = 'loc' }: Shown) {
  const places = useChatPlaces({ userId: 7 });
  return (
    places.renderContent({ type, content, mine: false, pending: false }) ?? 'the chat draws it'
  );
}

function Drawn(shown: Shown) {
  return (
    <MemoryRouter>
      <Content {...shown} />
    </MemoryRouter>
  );
}

// Without a loaded language, t() answers the key: the assertions name the strings by key.
describe('a place in the chat', () => {
  it("shows its name and links to the place's page", () => {
    render(<Drawn content={{ lat: 41.39, lng: 2.17, name: 'Plaça de Catalunya' }} />);
    const link = screen.getByTestId('place-bubble');
    expect(link.textContent).toContain('Plaça de Catalunya');
    expect(link.textContent).toContain('places.approximate');
    expect(link.getAttribute('href')).toMatch(/^\/open-location\?data=/);
  });

  it('shows coordinates when the place has no name, and no note when it is exact', () => {
    render(<Drawn content={{ lat: -33.8568, lng: 151.2153, approximate: false }} />);
    const text = screen.getByTestId('place-bubble').textContent;
    expect(text).toContain('places.sharedPlace');
    expect(text).toContain('33.8568° S, 151.2153° E');
    expect(text).not.toContain('places.approximate');
  });

  it('leaves other messages and broken places to the chat', () => {
    render(<Drawn type="txt" content={{ text: 'hi' }} />);
    expect(screen.queryByTestId('place-bubble')).toBeNull();
    expect(screen.getByText('the chat draws it')).toBeTruthy();
  });
});
