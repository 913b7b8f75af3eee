import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ChatExtras } from '../extras';
import { Composer } from './Composer';

// Offers the names starting with what follows an "@" that ends the text.
const names = ['Yuki', 'Yara', 'Bob'];
const suggest: ChatExtras['suggest'] = (text, caret) => {
  const at = text.lastIndexOf('@', caret);
  if (at < 0) return null;
  const typed = text.slice(at + 1, caret).toLowerCase();
  return {
    from: at,
    to: caret,
    label: 'Members to mention',
    options: names
      .filter((n) => n.toLowerCase().startsWith(typed))
      .map((n) => ({ key: n, label: n, text: `@${n} ` })),
  };
};

function renderComposer(onSendText = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <Composer
          member
          onSendText={onSendText}
          onSendImage={vi.fn()}
          onTyping={vi.fn()}
          onNeedMembership={vi.fn()}
          onFocus={vi.fn()}
          suggest={suggest}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const input = screen.getByRole('combobox') as HTMLTextAreaElement;
  const type = (text: string) => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text, selectionStart: text.length } });
  };
  return { input, type, onSendText };
}

describe('suggestions in the composer', () => {
  it('open on what is typed, move with the arrows, and Enter puts the chosen one in', () => {
    const { input, type, onSendText } = renderComposer();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    type('hi @y');
    const list = screen.getByRole('listbox', { name: 'Members to mention' });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Yuki', 'Yara']);
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]?.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    expect(options[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('hi @Yara ');
    expect(list.isConnected).toBe(false);
    // Enter with the list closed sends.
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSendText).toHaveBeenCalledWith('hi @Yara ');
  });

  it('close on Escape without sending, and a tap picks one', () => {
    const { input, type, onSendText } = renderComposer();
    type('@');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onSendText).not.toHaveBeenCalled();
    type('@ ok @b');
    fireEvent.click(screen.getByRole('option', { name: 'Bob' }));
    expect(input.value).toBe('@ ok @Bob ');
  });
});
