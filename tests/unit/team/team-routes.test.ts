// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isPlainClick, linkToken, pathOf, routeOf, signInRefused, type TeamRoute } from '../../../src/team/team-routes';

describe('the team app routes', () => {
  it.each<[string, TeamRoute]>([
    ['/team/', { screen: 'inbox' }],
    ['/team', { screen: 'inbox' }],
    ['/team/sign-in', { screen: 'sign-in' }],
    ['/team/members', { screen: 'members' }],
    ['/team/audit/', { screen: 'audit' }],
    ['/team/applications/app_01H-x', { screen: 'application', id: 'app_01H-x' }],
    ['/team/applications/a%2Fb', { screen: 'not-found' }],
    ['/team/applications/%E0%A4%A', { screen: 'not-found' }],
    ['/team/applications/', { screen: 'not-found' }],
    ['/team/elsewhere', { screen: 'not-found' }],
  ])('%s is %o', (path, route) => {
    expect(routeOf(path)).toEqual(route);
  });

  it('writes each route back to the path it is read from', () => {
    for (const route of [
      { screen: 'inbox' },
      { screen: 'sign-in' },
      { screen: 'members' },
      { screen: 'audit' },
      { screen: 'application', id: 'abc_1' },
    ] as TeamRoute[]) {
      expect(routeOf(pathOf(route))).toEqual(route);
    }
  });

  it('takes a sign-in token from the fragment only when it is one', () => {
    const token = 'q1w2e3r4t5y6u7i8o9p0-_ASDFGHJ';
    expect(linkToken(`#${token}`)).toBe(token);
    expect(linkToken('')).toBeNull();
    expect(linkToken('#short')).toBeNull();
    expect(linkToken('#has spaces and more than enough characters')).toBeNull();
  });

  it('reads a refused single sign-on', () => {
    expect(signInRefused('?signin=refused')).toBe(true);
    expect(signInRefused('?signin=other')).toBe(false);
  });

  it('leaves a click with a modifier or another button to the browser', () => {
    const click = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };
    expect(isPlainClick(click)).toBe(true);
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
  });
});
