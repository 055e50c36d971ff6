import { describe, expect, it } from 'vitest';
import { uploadBinding } from '../../../../server/uploads/upload-binding.mjs';

/** A store answering one query: rows, or PostgreSQL's error. */
function storeAnswering(answer: { rows: unknown[] } | { code: string }) {
  const asked: unknown[][] = [];
  return {
    asked,
    query(sql: string, params: unknown[]) {
      asked.push([sql, ...params]);
      return 'code' in answer ? Promise.reject(Object.assign(new Error('store error'), answer)) : Promise.resolve(answer);
    },
  };
}

describe('uploadBinding', () => {
  it('holds an upload an application_files row names, and only by its id', async () => {
    const store = storeAnswering({ rows: [{ '?column?': 1 }] });
    expect(await uploadBinding(store as never)('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(store.asked).toEqual([['SELECT 1 FROM application_files WHERE upload_id = $1 LIMIT 1', '0123456789abcdef0123456789abcdef']]);
    expect(await uploadBinding(storeAnswering({ rows: [] }) as never)('0123456789abcdef0123456789abcdef')).toBe(false);
  });

  it('counts every upload as held on a store from before the table (nothing complete is deleted), and lets any other failure through', async () => {
    expect(await uploadBinding(storeAnswering({ code: '42P01' }) as never)('0123456789abcdef0123456789abcdef')).toBe(true);
    await expect(uploadBinding(storeAnswering({ code: '57P01' }) as never)('0123456789abcdef0123456789abcdef')).rejects.toThrow('store error');
  });
});
