import { fireEvent, render, screen } from '@testing-library/react';
import { PullToRefresh } from './PullToRefresh';

function pull(el: HTMLElement, distance: number) {
  fireEvent.touchStart(el, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(el, { touches: [{ clientY: 100 + distance }] });
  fireEvent.touchEnd(el, { changedTouches: [{ clientY: 100 + distance }] });
}

describe('pull to refresh', () => {
  it('refreshes when pulled far enough, not on a short pull', () => {
    const onRefresh = vi.fn().mockResolvedValue(undefined);
    render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>content</p>
      </PullToRefresh>,
    );
    const area = screen.getByTestId('pull-to-refresh');
    pull(area, 60);
    expect(onRefresh).not.toHaveBeenCalled();
    pull(area, 200);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
