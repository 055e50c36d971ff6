import { useCallback, useEffect, useRef } from 'react';
import { openDraftChannel, type DraftChannel, type DraftMessage } from './draft-channel';

interface Handlers {
  saved: (record: unknown) => void;
  'handed-over': () => void;
  accepted: () => void;
  'new-application': () => void;
}

/** The channel to the page's other tabs, while `open`; handlers may change on every render. */
export function useDraftChannel(handlers: Handlers, open = true): { post: (message: DraftMessage) => void } {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const channel = useRef<DraftChannel | null>(null);
  useEffect(() => {
    if (!open) return undefined;
    const opened = openDraftChannel((message) => {
      if (message.type === 'saved') latest.current.saved(message.record);
      else latest.current[message.type]();
    });
    channel.current = opened;
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [open]);
  const post = useCallback((message: DraftMessage) => {
    channel.current?.post(message);
  }, []);
  return { post };
}
