import { describe, expect, it } from 'vitest';
import { mappedRoleId } from '@/lib/sso/provision-sso-user';
import { amrSatisfiesMfa } from '@/lib/sso/presets';

const provider = {
  groupsClaim: 'groups',
  defaultRoleId: 'default',
  roleMappings: [
    { group: 'admins', roleId: 'admin' },
    { group: 'techs', roleId: 'tech' },
  ],
};

describe('mappedRoleId', () => {
  it('takes the first mapping whose group the token carries', () => {
    expect(mappedRoleId(provider, { sub: 's', groups: ['techs', 'admins'] })).toBe('admin');
    expect(mappedRoleId(provider, { sub: 's', groups: ['techs'] })).toBe('tech');
  });

  it('reads a single-valued claim and falls back to the default', () => {
    expect(mappedRoleId({ ...provider, groupsClaim: 'role' }, { sub: 's', role: 'techs' })).toBe('tech');
    expect(mappedRoleId(provider, { sub: 's', groups: ['other'] })).toBe('default');
    expect(mappedRoleId({ ...provider, defaultRoleId: null }, { sub: 's' })).toBeNull();
  });

  it('ignores malformed mappings and non-string groups', () => {
    expect(mappedRoleId({ ...provider, roleMappings: [{ group: 1 }, null, { group: 'techs', roleId: 'tech' }] }, { sub: 's', groups: [1, 'techs'] })).toBe('tech');
  });
});

describe('amrSatisfiesMfa', () => {
  it('needs a method beyond the password', () => {
    expect(amrSatisfiesMfa(['pwd', 'mfa'])).toBe(true);
    expect(amrSatisfiesMfa(['hwk'])).toBe(true);
    expect(amrSatisfiesMfa(['pwd'])).toBe(false);
    expect(amrSatisfiesMfa(undefined)).toBe(false);
    expect(amrSatisfiesMfa('mfa')).toBe(false);
  });
});
