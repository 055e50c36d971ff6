import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppErrorBoundary } from './app/app-error-boundary';
import { ConfigErrorScreen } from './app/config-error-screen';
import { WizardApp } from './app/wizard-app';
import { landOnRoot } from './boot/land-on-root';
import { loadApplication } from './boot/load-application';
import { loadConfig } from './boot/load-config';
import { registerServiceWorker } from './pwa/service-worker';
import { appStore } from './storage/app-store';
import { startTelemetry } from './telemetry/start-telemetry';
import './styles/base.css';
import './styles/layout.css';

async function boot(): Promise<void> {
  landOnRoot();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const result = await loadConfig();
  const root = createRoot(container);
  if (!result.ok) {
    root.render(<ConfigErrorScreen problems={result.problems} />);
    return;
  }
  const { config } = result;
  const { programme, initial } = await loadApplication(config, appStore);
  document.title = config.title;
  document.documentElement.lang = config.lang;
  // The worker waits for the first render: it is not on the critical path of the Welcome step.
  if (document.readyState === 'complete') setTimeout(registerServiceWorker, 0);
  else window.addEventListener('load', () => { registerServiceWorker(); });
  root.render(
    <StrictMode>
      <AppErrorBoundary>
        <WizardApp config={config} programme={programme} initial={initial} />
      </AppErrorBoundary>
    </StrictMode>,
  );
  startTelemetry(config);
}

void boot();
