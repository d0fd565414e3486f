import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { InlineMarkdown } from './inline-markdown.tsx';

function renderInline(text: string) {
  return render(
    <MemoryRouter>
      <p data-testid="description">
        <InlineMarkdown>{text}</InlineMarkdown>
      </p>
    </MemoryRouter>,
  );
}

describe('InlineMarkdown: descriptions as their authors wrote them', () => {
  it('renders code, emphasis and links inline, with no backticks or stars left', () => {
    renderInline('You are logged in as `ladderN`, with **no** help and a [guide](/courses).');
    const description = screen.getByTestId('description');
    expect(description).toHaveTextContent('You are logged in as ladderN, with no help and a guide.');
    expect(screen.getByText('ladderN', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByText('no', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'guide' })).toHaveAttribute('href', '/courses');
    // Still one paragraph: no block element inside the caller's own.
    expect(description.querySelector('p, div, h1, ul')).toBeNull();
  });

  it('shows headings, lists and raw HTML as their text, never as markup', () => {
    renderInline('# Title\n\n- item <img src=x onerror="window.hacked=1">');
    const description = screen.getByTestId('description');
    expect(description.querySelector('h1, ul, li, img')).toBeNull();
    expect(description).toHaveTextContent('Title');
    expect(description).toHaveTextContent('item');
  });
});
