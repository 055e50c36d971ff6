import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../telemetry/errors';
import type { Messages } from '../i18n/messages';
import { MessagesContext } from '../i18n/messages-context';

interface State {
  failed: boolean;
}

/** Last line of defence: a readable message and a way out instead of a blank page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };
  static override contextType = MessagesContext;
  declare context: Messages;

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, { where: 'app', componentStack: info.componentStack ?? '' });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="config-error">
        <h1>{this.context.text('crashed')}</h1>
        <p>{this.context.text('keptReload')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            window.location.reload();
          }}
        >
          {this.context.text('reload')}
        </button>
      </main>
    );
  }
}
