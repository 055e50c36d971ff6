import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfigErrorScreen } from '../../../src/app/config-error-screen';
import { CoverPanel } from '../../../src/app/cover-panel';
import { SiteFooter } from '../../../src/app/site-footer';
import { StepBar } from '../../../src/app/step-bar';
import { SafeHtml } from '../../../src/html/safe-html';
import { stepBarItems } from '../../../src/wizard/wizard-machine';

describe('StepBar', () => {
  it('lists the steps and marks only the current one with aria-current="step"', () => {
    render(<StepBar items={stepBarItems(['Welcome', 'Basic Info', 'Details', 'Creator Hub'], 1)} />);
    const nav = screen.getByRole('navigation', { name: 'Application progress' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'step', null, null]);
    expect(items[0]).toHaveTextContent('Welcome (completed)');
    expect(items[1]).toHaveTextContent('Basic Info');
    expect(items[1]).not.toHaveTextContent('completed');
  });
});

describe('CoverPanel', () => {
  it("shows the logo and the step's cover, and a Back arrow only when given one", async () => {
    const onBack = vi.fn();
    const { rerender, container } = render(<CoverPanel logo={{ src: '/logo.svg', alt: 'Hartwell Window Co.' }} background="/covers/a.svg" onBack={null} />);
    expect(screen.getByRole('img', { name: 'Hartwell Window Co.' })).toHaveAttribute('src', '/logo.svg');
    expect(container.querySelector('.cover-panel__image')).toHaveAttribute('src', '/covers/a.svg');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    rerender(<CoverPanel logo={{ src: '/logo.svg', alt: 'Hartwell Window Co.' }} background="/covers/b.svg" onBack={onBack} />);
    expect(container.querySelector('.cover-panel__image')).toHaveAttribute('src', '/covers/b.svg');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

describe('SiteFooter', () => {
  it('renders nothing when neither HTML nor links are configured', () => {
    const { container } = render(<SiteFooter html={null} links={[]} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('opens footer links in a new tab without an opener', () => {
    render(<SiteFooter html="<p>Questions?</p>" links={[{ text: 'Privacy policy', href: 'https://example.com/privacy' }]} />);
    const link = screen.getByRole('link', { name: 'Privacy policy' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Questions?');
  });
});

describe('SafeHtml', () => {
  it('drops scripts, event handlers and javascript: URLs', () => {
    const { container } = render(<SafeHtml html={'<p>Hi<img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a></p>'} />);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(container.querySelector('a')?.getAttribute('href')).toBeNull();
    expect(container).toHaveTextContent('Hi');
  });

  it('makes links to other sites open in a new tab with rel="noopener noreferrer", and leaves same-site links alone', () => {
    const { container } = render(<SafeHtml html={'<a href="https://other.example/">out</a><a href="/faq">in</a>'} />);
    const [out, inside] = Array.from(container.querySelectorAll('a'));
    expect(out).toHaveAttribute('target', '_blank');
    expect(out).toHaveAttribute('rel', 'noopener noreferrer');
    expect(inside).not.toHaveAttribute('target');
  });
});

describe('ConfigErrorScreen', () => {
  it('names each problem by its path', () => {
    render(
      <ConfigErrorScreen
        problems={[
          { path: 'steps', message: 'expected an array, got a string' },
          { path: 'title', message: 'expected a string, but it is missing' },
        ]}
      />,
    );
    expect(screen.getByRole('heading', { name: 'This application cannot open yet' })).toBeInTheDocument();
    expect(screen.getByText(/has 2 problems/)).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['steps: expected an array, got a string', 'title: expected a string, but it is missing']);
  });
});
