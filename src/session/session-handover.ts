import type { ApplicationValues } from '../application/values/application-values';
import { revisionToHandOver, readHandoverRevision, writeHandoverRevision } from '../handover/handover-revision';
import { draftUrl, storeDraft, withdrawDraft, type WithdrawResult } from '../handover/drafts-endpoint';
import { encryptDraft, EnvelopeError } from '../handover/draft-envelope';
import { clearHandedOver, writeHandedOver, type HandedOver } from '../storage/handed-over';
import { HANDOVER_PAYLOAD_FORMAT, type HandoverPayload } from '../handover/handover-payload';
import { filesToHandOver } from '../handover/handed-files';
import { listDeviceFiles } from '../storage/device-files';
import { resumeLink } from '../handover/resume-link';
import { newSubmissionId } from '../outbox/new-submission-id';
import type { Outbox } from '../outbox/outbox';
import type { Proofs } from '../proof-of-work/proofs';
import type { KeyValueStore } from '../storage/resilient-store';
import type { WizardState } from '../wizard/wizard-machine';

/**
 * "Continue on another device", the device that makes the link: the draft is sealed with a
 * fresh key (handover/draft-envelope.ts), stored on the receiver under a fresh id, and the
 * application handed over: the queued send withdrawn (the other device sends it now, numbered
 * above anything sent from here: handover/handover-revision.ts) and the form read only until
 * the creator takes it back. Nothing changes on this device unless the receiver stored the draft.
 */

export interface HandOverRequest {
  /** The applications' endpoint (config.requestUrl); drafts live beside it. */
  requestUrl: string;
  /** The page the link opens: this one, without its fragment. */
  pageUrl: string;
  /** How long the link works (the receiver may hold it to its own limit). */
  expiresInSeconds: number;
  /** Names the programme in the payload (the receiving device reads the answers against its own). */
  programme: string;
}

export type HandOverResult =
  | {
      ok: true;
      link: string;
      handedOver: HandedOver;
      /** The names of the files left on this device, not uploaded yet (the dialog names them). */ staying: string[];
    }
  /** offline: no connection; unavailable: the receiver is in trouble; refused: it would not store it; too-large: over 64 kB; accepted: sent meanwhile. */
  | { ok: false; reason: 'offline' | 'unavailable' | 'refused' | 'too-large' | 'accepted' };

interface HandoverDeps {
  store: KeyValueStore;
  outbox: Outbox;
  /** Writes every keystroke held, then the draft (so what is handed over is what is on screen). */
  saveNow: () => Promise<void>;
  answers: () => { values: ApplicationValues; wizard: WizardState };
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** The page's proofs of work, which a draft's PUT needs as an application's does when the receiver asks for them. */
  proofs?: Proofs;
}

export interface SessionHandover {
  handOver(request: HandOverRequest): Promise<HandOverResult>;
  /** Withdraws the link when the receiver still holds it, and forgets the hand-over: the form is editable again. */
  takeBack(handedOver: HandedOver, requestUrl: string | null | undefined, pageUrl: string): Promise<WithdrawResult>;
}

export function sessionHandover({ store, outbox, saveNow, answers, fetchImpl, now = Date.now, proofs }: HandoverDeps): SessionHandover {
  async function sealAndStore(payload: HandoverPayload, requestUrl: string, pageUrl: string, expiresInSeconds: number) {
    let sealed;
    try {
      sealed = await encryptDraft(payload);
    } catch (error) {
      if (error instanceof EnvelopeError) return { ok: false as const, reason: 'too-large' as const };
      throw error;
    }
    const stored = await storeDraft(draftUrl(requestUrl, pageUrl, sealed.id), sealed.ciphertext, expiresInSeconds, { fetchImpl, proofs });
    return stored.ok ? { ok: true as const, id: sealed.id, key: sealed.key, expiresAt: stored.expiresAt } : { ok: false as const, reason: stored.reason };
  }

  return {
    async handOver({ requestUrl, pageUrl, expiresInSeconds, programme }) {
      await saveNow();
      // No attempt from here while the link is made: what it carries is the last word of this device.
      const paused = await outbox.pause();
      if (paused === 'accepted') return { ok: false, reason: 'accepted' };
      const handing = revisionToHandOver(paused.record, await readHandoverRevision(store), newSubmissionId);
      const { values: answered, wizard } = answers();
      // Files travel as references to their uploads; one not uploaded yet stays here, named in the dialog.
      const { values, handed, staying } = filesToHandOver(answered, await listDeviceFiles().catch(() => []));
      const made = await sealAndStore(
        { format: HANDOVER_PAYLOAD_FORMAT, ...handing, savedAt: now(), programme, wizard, values, ...(handed.length > 0 && { files: handed }) },
        requestUrl,
        pageUrl,
        expiresInSeconds,
      );
      if (!made.ok) {
        void outbox.resume();
        return made;
      }
      await outbox.discard();
      await writeHandoverRevision(store, handing);
      const handedOver: HandedOver = { draftId: made.id, madeAt: now(), expiresAt: made.expiresAt };
      await writeHandedOver(store, handedOver);
      return { ok: true, link: resumeLink(pageUrl, made.id, made.key), handedOver, staying: staying.map((file) => file.name) };
    },
    async takeBack(handedOver, requestUrl, pageUrl) {
      // A programme edited since the link was made may name no receiver: the link cannot be withdrawn, the form is freed all the same.
      const withdrawn = requestUrl == null ? 'unreachable' : await withdrawDraft(draftUrl(requestUrl, pageUrl, handedOver.draftId), { fetchImpl });
      await clearHandedOver(store);
      return withdrawn;
    },
  };
}
