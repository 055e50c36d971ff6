import type { ConfigProblem } from '../config/describe-config-issue';
import { AppStatus } from '../pwa/app-status';
import { useMessages } from '../i18n/messages-context';

// Nothing is typed on this screen: the draft stays in IndexedDB, so an update needs no saving first.
const nothingToSave = () => Promise.resolve();

/**
 * Shown instead of the wizard when config.json cannot be read or is invalid and no good copy is
 * kept: every problem by its path, and the new version when one is waiting (a newer app is often
 * what this configuration was written for).
 */
export function ConfigErrorScreen({ problems }: { problems: readonly ConfigProblem[] }) {
  const messages = useMessages();
  return (
    <main className="config-error">
      <h1>{messages.text('configBroken')}</h1>
      <p>{messages.text('configProblems', { count: problems.length })}</p>
      {/* For whoever runs the site, in the English of npm run check-config, and marked so, in a page in any language. */}
      <ul className="config-error__list" lang="en" dir="ltr">
        {problems.map((problem, index) => (
          <li key={`${String(index)}-${problem.path}`}>
            <code>{problem.path}</code>: {problem.message}
          </li>
        ))}
      </ul>
      <p>{messages.text('configBrokenHelp')}</p>
      <AppStatus saveDraft={nothingToSave} offlineLines={false} />
    </main>
  );
}
