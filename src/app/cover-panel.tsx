import type { WizardConfig } from '../config/config-schema';

interface CoverPanelProps {
  logo: WizardConfig['logo'];
  background: string;
  /** Shown only on narrow screens, where the Back button under the form is hidden. */
  onBack: (() => void) | null;
}

/** The left (or, on phones, top) panel: the logo header over the step's cover picture. */
export function CoverPanel({ logo, background, onBack }: CoverPanelProps) {
  const logoImage = <img className="cover-panel__logo" src={logo.src} alt={logo.alt} height={40} />;
  return (
    <div className="cover-panel">
      <img className="cover-panel__image" src={background} alt="" fetchPriority="high" decoding="async" />
      <header className="cover-panel__header">
        {onBack ? (
          <button type="button" className="cover-panel__back" onClick={onBack} aria-label="Back">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ) : null}
        {logo.href ? <a href={logo.href} className="cover-panel__logo-link">{logoImage}</a> : logoImage}
      </header>
    </div>
  );
}
