import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@test/render-app.tsx';
import { activity } from '@test/activity.ts';
import { ActivityHeatmap } from './activity-heatmap.tsx';

function cells(): SVGRectElement[] {
  return [...document.querySelectorAll<SVGRectElement>('rect[data-date]')];
}

const titleOf = (date: string) => document.querySelector(`rect[data-date="${date}"] > title`)?.textContent;
const levelOf = (date: string) => document.querySelector(`rect[data-date="${date}"]`)?.getAttribute('data-level');

describe('ActivityHeatmap', () => {
  it('draws one cell per day of the year, each titled with its points and date', () => {
    renderWithApp(
      <ActivityHeatmap
        activity={activity({ '2026-01-05': 5, '2026-02-10': 20, '2026-03-01': 50, '2026-03-14': 120 })}
        activeDays={4}
      />,
    );
    expect(cells()).toHaveLength(365);
    expect(titleOf('2026-01-05')).toBe('5 points on 5 Jan 2026');
    expect(titleOf('2026-03-14')).toBe('120 points on 14 Mar 2026');
    expect(titleOf('2025-06-01')).toBe('0 points on 1 Jun 2025');
    expect(cells().every((cell) => /^\d+ points? on \d{1,2} \w{3} \d{4}$/.test(cell.textContent ?? ''))).toBe(true);
  });

  it('colours each day by its level', () => {
    renderWithApp(
      <ActivityHeatmap
        activity={activity({ '2026-01-05': 5, '2026-02-10': 20, '2026-03-01': 50, '2026-03-14': 120 })}
        activeDays={4}
      />,
    );
    expect(levelOf('2025-06-01')).toBe('0');
    expect(levelOf('2026-01-05')).toBe('1');
    expect(levelOf('2026-02-10')).toBe('2');
    expect(levelOf('2026-03-01')).toBe('3');
    expect(levelOf('2026-03-14')).toBe('4');
    const fills = new Set(
      ['2025-06-01', '2026-01-05', '2026-02-10', '2026-03-01', '2026-03-14'].map((date) =>
        document.querySelector(`rect[data-date="${date}"]`)?.getAttribute('fill'),
      ),
    );
    expect(fills.size).toBe(5);
  });

  it('sums the year up for screen readers and can be scrolled from the keyboard', () => {
    renderWithApp(<ActivityHeatmap activity={activity({ '2026-03-14': 10 })} activeDays={1} />);
    const grid = screen.getByRole('group', { name: '1 active day in the last year' });
    expect(grid).toHaveAttribute('tabindex', '0');
  });

  it('says how many days were active', () => {
    renderWithApp(<ActivityHeatmap activity={activity()} activeDays={42} />);
    expect(screen.getByText('42 active days in the last year')).toBeInTheDocument();
  });
});
