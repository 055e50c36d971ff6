// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { revisionToHandOver, type HandoverRevision } from '../../../src/handover/handover-revision';
import { withLatestBody, type OutboxRecord } from '../../../src/outbox/outbox-record';

/*
 * The revision order across devices, proven on a model. Three devices pass one application
 * around by links; every number is made by the app's own functions (withLatestBody numbers each
 * body, continuing the handover revision a link brought on a first send; revisionToHandOver says what a link
 * carries), and the receiver keeps a body only if its revision is strictly above every one stored
 * for that application (else 409), a repeated Idempotency-Key being answered as stored.
 *
 * Each body remembers its causal past: the bodies made before it on the same copy of the
 * application, and those carried to that copy by links (a link carries its maker's past; the
 * device that opens it takes that past in place of its own). A take-back whose withdrawal the
 * receiver did not confirm leaves two live copies: the one taken back is "forked", and so is any
 * copy handed on from it. Thousands of seeded random runs of edits and sends, links made and
 * opened, take-backs, and requests delayed past later ones or lost, show after every step:
 *   (a) no body in the causal past of a stored body is ever the receiver's latest: once B has
 *       opened A's link and sent, nothing A made before handing over (a late retry included)
 *       can replace it; every body is numbered above every body in its past, which is why;
 *   (b) no two bodies stored for the application share a revision, and two different bodies are
 *       given the same number only when one of them comes from a forked copy;
 *   (c) the first send of a device that opened a link is refused only when its link came from a
 *       forked copy, or a forked copy's body was stored first (a device that took back sent).
 * The runs are also counted, to show they reach these cases and not only the easy ones.
 */

const URL = '/api/applications';

interface Body {
  key: string;
  applicationId: string;
  revision: number;
  device: string;
  /** The keys of every body in this one's causal past. */
  past: ReadonlySet<string>;
  forked: boolean;
  /** The first body its device made since it opened a link. */
  firstAfterLink: boolean;
}

type Answer = 'stored' | 'replayed' | 'conflict';

/** The receiver's rule (server/applications/applications-table.mjs): a key it stored is answered again; a new one is stored only above every stored revision of its application. */
class ModelReceiver {
  readonly stored: Body[] = [];

  put(body: Body): Answer {
    if (this.stored.some((kept) => kept.key === body.key)) return 'replayed';
    if (this.stored.some((kept) => kept.applicationId === body.applicationId && kept.revision >= body.revision)) return 'conflict';
    this.stored.push(body);
    return 'stored';
  }

  latest(applicationId: string): Body | undefined {
    return this.stored
      .filter((kept) => kept.applicationId === applicationId)
      .reduce<Body | undefined>((best, kept) => (best && best.revision >= kept.revision ? best : kept), undefined);
  }
}

interface Link {
  maker: Device;
  handed: HandoverRevision;
  past: ReadonlySet<string>;
  forked: boolean;
  state: 'open' | 'opened' | 'withdrawn';
}

interface Device {
  name: string;
  /** Holds an application to edit (not before a link brings one, nor once it was accepted). */
  holds: boolean;
  handedOver: Link | null;
  record: OutboxRecord | undefined;
  known: HandoverRevision | undefined;
  past: Set<string>;
  forked: boolean;
  /** Opened a link and has made no body since. */
  justArrived: boolean;
  edits: number;
}

/** How often the runs reached the cases the properties are about. */
interface Reached {
  firstSendsAfterLink: number;
  refusedFirstSendsAfterLink: number;
  staleRefusedAcrossDevices: number;
  takeBacksForked: number;
}

/** Fails with the steps so far, to replay them: `expect` on every check of every step would take minutes. */
function holds(condition: boolean, what: string, steps: readonly string[]): void {
  if (!condition) expect.fail(`${what}\n${steps.join(', ')}`);
}

/** Devices A, B and C (A holds a fresh application), the receiver, and the requests on their way. */
class World {
  readonly receiver = new ModelReceiver();
  readonly devices: Record<'A' | 'B' | 'C', Device>;
  readonly links: Link[] = [];
  readonly network: Body[] = [];
  readonly steps: string[] = [];
  readonly reached: Reached = { firstSendsAfterLink: 0, refusedFirstSendsAfterLink: 0, staleRefusedAcrossDevices: 0, takeBacksForked: 0 };
  private readonly bodies = new Map<string, Body>();
  private ids = 0;

  constructor() {
    const device = (name: string, holding: boolean): Device => ({
      name,
      holds: holding,
      handedOver: null,
      record: undefined,
      known: undefined,
      past: new Set(),
      forked: false,
      justArrived: false,
      edits: 0,
    });
    this.devices = { A: device('A', true), B: device('B', false), C: device('C', false) };
  }

  private readonly newId = () => {
    this.ids += 1;
    return `id-${String(this.ids)}`;
  };

  active(device: Device): boolean {
    return device.holds && device.handedOver === null;
  }

  /** The creator edits and presses Continue (Outbox.submit: the handover revision read, used for a first record only). */
  edit(device: Device, fate: Fate = 'answered'): Body {
    this.steps.push(`${device.name} edits and sends (${fate})`);
    device.edits += 1;
    const record = withLatestBody(device.record, URL, { answers: `${device.name}${String(device.edits)}` }, this.newId, this.steps.length, device.known);
    device.record = { ...record, refused: false };
    const body: Body = {
      key: record.key,
      applicationId: record.applicationId,
      revision: record.revision,
      device: device.name,
      past: new Set(device.past),
      forked: device.forked,
      firstAfterLink: device.justArrived,
    };
    // (a) numbered above everything in its past; (b) a number another body has only when a fork made one of them.
    for (const key of body.past) holds(this.bodies.get(key)!.revision < body.revision, `(a) ${body.key} not above ${key}`, this.steps);
    for (const other of this.bodies.values()) {
      if (other.applicationId === body.applicationId && other.revision === body.revision)
        holds(body.forked || other.forked, `(b) ${body.key} numbered as ${other.key}`, this.steps);
    }
    device.justArrived = false;
    device.past.add(body.key);
    this.bodies.set(body.key, body);
    this.send(device, body, fate);
    return body;
  }

  /** An automatic retry, or Continue again without an edit: the same body, the same key. */
  sendAgain(device: Device, fate: Fate = 'answered'): void {
    this.steps.push(`${device.name} sends again (${fate})`);
    this.send(device, this.bodies.get(device.record!.key)!, fate);
  }

  /** session-handover.ts: the paused record's application goes in the link, the record is discarded, the device hands over. */
  makeLink(device: Device): Link {
    this.steps.push(`${device.name} makes a link`);
    const handed = revisionToHandOver(device.record, device.known, this.newId);
    const link: Link = { maker: device, handed, past: new Set(device.past), forked: device.forked, state: 'open' };
    this.links.push(link);
    device.record = undefined;
    device.known = handed;
    device.handedOver = link;
    return link;
  }

  /** open-handover.ts, adoptHandover: the link's application replaces whatever the device held. */
  open(device: Device, link: Link): void {
    this.steps.push(`${device.name} opens ${link.maker.name}'s link`);
    link.state = 'opened';
    device.holds = true;
    device.handedOver = null;
    device.record = undefined;
    device.known = link.handed;
    device.past = new Set(link.past);
    device.forked = link.forked;
    device.justArrived = true;
  }

  /** Withdrawn: the receiver forgot the unopened draft. Otherwise (opened, or no answer) the link may live on: a fork. */
  takeBack(device: Device, withdrawn: boolean): void {
    const link = device.handedOver!;
    const gone = withdrawn && link.state === 'open';
    this.steps.push(`${device.name} takes back (${gone ? 'withdrawn' : 'not withdrawn'})`);
    if (gone) link.state = 'withdrawn';
    else {
      device.forked = true;
      this.reached.takeBacksForked += 1;
    }
    device.handedOver = null;
  }

  /** A delayed request reaches the receiver; its answer is heard by no one (the device retries, or has moved on). */
  deliver(body: Body): Answer {
    this.steps.push(`${body.key} (${body.device}, revision ${String(body.revision)}) arrives late`);
    this.network.splice(this.network.indexOf(body), 1);
    const answer = this.receiver.put(body);
    if (answer === 'conflict') this.refused(body);
    return answer;
  }

  /** (a) and (b) on what the receiver holds. */
  check(): void {
    const stored = this.receiver.stored;
    for (const applicationId of new Set(stored.map((kept) => kept.applicationId))) {
      const latest = this.receiver.latest(applicationId)!;
      holds(!stored.some((kept) => kept.past.has(latest.key)), `(a) ${latest.key} is the latest, behind a stored body`, this.steps);
      const revisions = stored.filter((kept) => kept.applicationId === applicationId).map((kept) => kept.revision);
      holds(new Set(revisions).size === revisions.length, `(b) revisions ${revisions.join(', ')} stored`, this.steps);
    }
  }

  private send(device: Device, body: Body, fate: Fate): void {
    if (body.firstAfterLink) this.reached.firstSendsAfterLink += 1;
    if (fate === 'delayed') this.network.push(body);
    if (fate !== 'answered') return;
    const answer = this.receiver.put(body);
    if (answer === 'conflict') {
      this.refused(body);
      if (device.record?.key === body.key) device.record = { ...device.record, refused: true };
    } else if (device.record?.key === body.key) {
      // Accepted: the application is done here (clear-after-acceptance.ts: record, handover revision and hand-over cleared).
      device.record = undefined;
      device.known = undefined;
      device.holds = false;
    }
  }

  /** (c), for a body the receiver refused: its own device's later body aside, only a fork can be why. */
  private refused(body: Body): void {
    const newer = this.receiver.stored.filter((kept) => kept.past.has(body.key));
    if (newer.length > 0) {
      if (newer.some((kept) => kept.device !== body.device)) this.reached.staleRefusedAcrossDevices += 1;
      return;
    }
    if (!body.firstAfterLink) return;
    this.reached.refusedFirstSendsAfterLink += 1;
    holds(body.forked || this.receiver.stored.some((kept) => kept.forked), `(c) ${body.key} refused`, this.steps);
  }
}

/** What becomes of a request: answered now, delayed past later ones (its answer lost), or lost on the way. */
type Fate = 'answered' | 'delayed' | 'lost';

/** mulberry32: the same runs every time, from their seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One run of `length` steps, each one of the actions possible then, chosen by the seed. */
function randomRun(seed: number, length: number, reached: Reached): void {
  const next = random(seed);
  const world = new World();
  world.steps.push(`seed ${String(seed)}`);
  const fate = (): Fate => {
    const roll = next();
    return roll < 0.4 ? 'answered' : roll < 0.75 ? 'delayed' : 'lost';
  };
  for (let step = 0; step < length; step += 1) {
    const choices: Array<() => unknown> = [];
    for (const device of Object.values(world.devices)) {
      if (world.active(device)) {
        choices.push(
          () => world.edit(device, fate()),
          () => world.makeLink(device),
        );
        if (device.record) {
          choices.push(() => {
            world.sendAgain(device, fate());
          });
        }
      }
      if (device.handedOver) {
        choices.push(() => {
          world.takeBack(device, next() < 0.5);
        });
      }
      for (const link of world.links.filter((one) => one.state === 'open')) {
        choices.push(() => {
          world.open(device, link);
        });
      }
    }
    for (const body of world.network) choices.push(() => world.deliver(body));
    if (choices.length === 0) break;
    choices[Math.floor(next() * choices.length)]!();
    world.check();
  }
  for (const what of Object.keys(reached) as Array<keyof Reached>) reached[what] += world.reached[what];
}

describe('the revision order across devices', () => {
  it('refuses what the first device sent before handing over once the second has sent, however late it arrives', () => {
    const world = new World();
    const { A, B } = world.devices;
    const late = world.edit(A, 'delayed');
    world.edit(A, 'lost');
    const link = world.makeLink(A);
    expect(link.handed).toEqual({ applicationId: late.applicationId, revision: 2 });
    world.open(B, link);
    const sent = world.edit(B);
    expect(sent).toMatchObject({ applicationId: late.applicationId, revision: 3 });
    expect(world.deliver(late)).toBe('conflict');
    expect(world.receiver.latest(late.applicationId)).toBe(sent);
  });

  it('after a take-back keeps whichever of the two devices sent first, and refuses the other', () => {
    for (const first of ['A', 'B'] as const) {
      const world = new World();
      const { A, B } = world.devices;
      world.edit(A, 'lost');
      const link = world.makeLink(A);
      world.open(B, link);
      world.takeBack(A, true);
      const winner = world.edit(world.devices[first]);
      const loser = world.edit(world.devices[first === 'A' ? 'B' : 'A']);
      expect(winner.revision).toBe(loser.revision);
      expect(world.receiver.stored).toEqual([winner]);
    }
  });

  it('forks nothing when the withdrawal was confirmed: the devices the next links go to are accepted', () => {
    const world = new World();
    const { A, B, C } = world.devices;
    world.edit(A, 'lost');
    const withdrawn = world.makeLink(A);
    world.takeBack(A, true);
    expect(withdrawn.state).toBe('withdrawn');
    expect(A.forked).toBe(false);
    world.open(B, world.makeLink(A));
    world.edit(B, 'lost');
    world.open(C, world.makeLink(B));
    const sent = world.edit(C);
    expect(sent.revision).toBe(3);
    expect(world.receiver.stored).toEqual([sent]);
  });

  it('holds (a), (b) and (c) after every step of 2000 random runs of three devices', () => {
    const reached: Reached = { firstSendsAfterLink: 0, refusedFirstSendsAfterLink: 0, staleRefusedAcrossDevices: 0, takeBacksForked: 0 };
    for (let seed = 1; seed <= 2000; seed += 1) randomRun(seed, 24, reached);
    expect(reached.firstSendsAfterLink).toBeGreaterThan(1000);
    expect(reached.refusedFirstSendsAfterLink).toBeGreaterThan(20);
    expect(reached.staleRefusedAcrossDevices).toBeGreaterThan(20);
    expect(reached.takeBacksForked).toBeGreaterThan(100);
  });
});
