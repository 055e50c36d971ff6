import { memo, useEffect } from 'react';
import { preload } from 'react-dom';
import type { WizardConfig } from '../config/config-schema';
import type { CoverImage } from '../config/cover-image-schema';
import { coverPreload } from '../config/cover-preload';
import { whenIdle } from '../browser/when-idle';
import { useMessages } from '../i18n/messages-context';
import { warmCover } from './warm-cover';

interface CoverPanelProps {
  logo: WizardConfig['logo'];
  background: CoverImage;
  /** The next step's cover, fetched while the browser is idle so Continue shows it at once. */
  next?: CoverImage | undefined;
  /** Shown only on narrow screens, where the Back button under the form is hidden. */
  onBack: (() => void) | null;
}

/**
 * The left (or, on phones, top) panel: the logo header over the step's cover picture. Memoized:
 * the wizard re-renders as the form mounts and on every step change, and the cover's props
 * (from the configuration, and a stable Back) rarely change with it.
 */
export const CoverPanel = memo(function CoverPanel({ logo, background, next, onBack }: CoverPanelProps) {
  // Asked for while rendering, before the whole step is committed: the cover is the largest
  // thing on screen. React skips it when index.html already preloads the same set (the first
  // step's cover, injected at build time) and keeps one link per set.
  const hint = coverPreload(background);
  preload(hint.href, { as: 'image', fetchPriority: 'high', imageSrcSet: hint.imageSrcSet, imageSizes: hint.imageSizes, type: hint.type });

  useEffect(() => {
    if (next === undefined || next === background) return undefined;
    return whenIdle(() => {
      warmCover(next);
    });
  }, [next, background]);

  const messages = useMessages();
  const logoImage = <img className="cover-panel__logo" src={logo.src} alt={logo.alt} height={40} />;
  return (
    <div className="cover-panel">
      <CoverPicture cover={background} />
      <header className="cover-panel__header">
        {onBack ? (
          <button type="button" className="cover-panel__back" onClick={onBack} aria-label={messages.text('back')}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ) : null}
        {logo.href ? (
          <a href={logo.href} className="cover-panel__logo-link">
            {logoImage}
          </a>
        ) : (
          logoImage
        )}
      </header>
    </div>
  );
});

// The elements stay in place across steps (no key per cover): the browser keeps showing the
// old picture until the new one is ready instead of flashing the panel's plain background.
function CoverPicture({ cover }: { cover: CoverImage }) {
  const image = <img className="cover-panel__image" src={typeof cover === 'string' ? cover : cover.src} alt="" fetchPriority="high" decoding="async" />;
  if (typeof cover === 'string') return image;
  return (
    <picture>
      {cover.sources.map((source, index) => (
        <source key={`${String(index)}-${source.type}`} type={source.type} srcSet={source.srcset} sizes={cover.sizes} />
      ))}
      {image}
    </picture>
  );
}
