// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { filterProblem, filtersFromSearch, isDay, NO_FILTERS, searchFromFilters } from '../../../src/team/inbox-filters';

describe('the inbox filters in the address', () => {
  it('reads every filter, and writes them back in one order without the defaults', () => {
    const filters = filtersFromSearch('?q=%20Ana%20&to=2026-03-31&status=accepted&language=pt-BR&from=2026-03-01');
    expect(filters).toEqual({ status: 'accepted', language: 'pt-BR', from: '2026-03-01', to: '2026-03-31', q: 'Ana' });
    expect(searchFromFilters(filters)).toBe('?status=accepted&language=pt-BR&from=2026-03-01&to=2026-03-31&q=Ana');
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual(filters);
  });

  it('has no query string without filters, and "all" is the default status', () => {
    expect(searchFromFilters(NO_FILTERS)).toBe('');
    expect(filtersFromSearch('')).toEqual(NO_FILTERS);
  });

  it('drops what a hand-edited address cannot use', () => {
    expect(filtersFromSearch('?status=archived&language=<script>&from=2026-02-30&to=tomorrow')).toEqual(NO_FILTERS);
    expect(filtersFromSearch(`?q=${'x'.repeat(500)}`).q).toHaveLength(200);
  });

  it('encodes a search for the address', () => {
    expect(searchFromFilters({ ...NO_FILTERS, q: 'a&b=c #d' })).toBe('?q=a%26b%3Dc+%23d');
  });

  it('knows a real day from a made-up one', () => {
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2027-02-29')).toBe(false);
    expect(isDay('2027-2-1')).toBe(false);
  });

  it('says why typed filters cannot be applied', () => {
    expect(filterProblem({ language: 'english', from: '', to: '' })).toMatch(/code/);
    expect(filterProblem({ language: '', from: '2026-04-02', to: '2026-04-01' })).toBe('The first day is after the last day.');
    expect(filterProblem({ language: 'en', from: '2026-04-01', to: '2026-04-01' })).toBeNull();
  });
});
