import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { Messages } from '../i18n/messages';
import { MessagesContext } from '../i18n/messages-context';
import { reportError } from '../telemetry/errors';

interface StepErrorBoundaryProps {
  children: ReactNode;
  /** Saves the draft, then reloads the page. */
  onReload: () => void;
}

interface State {
  failed: boolean;
}

/**
 * Around each block of a step: a block that throws takes only itself down. The rest of the
 * step, the form, the draft and the step bar stay; the fault is reported (scrubbed of anything
 * typed), and the creator is offered a reload that saves the draft first.
 */
export class StepErrorBoundary extends Component<StepErrorBoundaryProps, State> {
  override state: State = { failed: false };
  static override contextType = MessagesContext;
  declare context: Messages;

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The component stack names components, never values.
    reportError(error, { where: 'step content', componentStack: info.componentStack ?? '' });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="step-failure" role="alert">
        <h2>{this.context.text('stepCrashed')}</h2>
        <p>{this.context.text('keptReload')}</p>
        <button type="button" className="button button--primary" onClick={this.props.onReload}>
          {this.context.text('reload')}
        </button>
      </div>
    );
  }
}
