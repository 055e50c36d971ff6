/** The platforms an application can name, and how the picker offers them (docs/product-rules.md §4). */

export const PLATFORM_KEYS = [
  'instagram',
  'facebook',
  'youtube',
  'twitter',
  'tiktok',
  'twitch',
  'website',
  'pinterest',
  'linkedin',
  'snapchat',
  'threads',
  'reddit',
] as const;

export type PlatformKey = (typeof PLATFORM_KEYS)[number];

/** The picker's default offer, in the order Add takes them. */
export const DEFAULT_PICKER_PLATFORMS: readonly PlatformKey[] = ['instagram', 'youtube', 'facebook', 'tiktok', 'twitter', 'pinterest'];

export const PLATFORM_LABELS: Readonly<Record<PlatformKey, string>> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  twitter: 'X/Twitter',
  tiktok: 'TikTok',
  twitch: 'Twitch',
  website: 'Website',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  snapchat: 'Snapchat',
  threads: 'Threads',
  reddit: 'Reddit',
};

/** A social platform is named by a handle and its follower count; a website by its URL and monthly traffic. */
export type PlatformEntry = { handle?: string; followers?: string } & { url?: string; monthlyTraffic?: string };

export type PlatformField = 'handle' | 'followers' | 'url' | 'monthlyTraffic';

/** A platform field holding a count (followers, monthly traffic): typed the page's way, sent as digits. */
export function isCountField(field: string): boolean {
  return field === 'followers' || field === 'monthlyTraffic';
}

/** Whether a path is a platform's count, such as `platforms.instagram.followers`. */
export function isCountPath(path: string): boolean {
  return path.startsWith('platforms.') && isCountField(path.slice(path.lastIndexOf('.') + 1));
}

export function platformFields(platform: PlatformKey): readonly PlatformField[] {
  return platform === 'website' ? ['url', 'monthlyTraffic'] : ['handle', 'followers'];
}

export function isPlatformKey(value: unknown): value is PlatformKey {
  return typeof value === 'string' && (PLATFORM_KEYS as readonly string[]).includes(value);
}
