import type { WizardConfig } from '../config/config-schema';
import { SafeHtml } from '../html/safe-html';

interface SiteFooterProps {
  html: WizardConfig['footerHtml'];
  links: WizardConfig['footerLinks'];
}

/** The configured footer: sanitized HTML and links that open in a new tab. */
export function SiteFooter({ html, links }: SiteFooterProps) {
  if (!html && !links?.length) return null;
  return (
    <footer className="site-footer">
      {html ? <SafeHtml className="site-footer__html" html={html} /> : null}
      {links?.length ? (
        <ul className="site-footer__links">
          {links.map((link) => (
            <li key={`${link.text}-${link.href}`}>
              <a href={link.href} target="_blank" rel="noopener noreferrer">
                {link.text}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </footer>
  );
}
