import { describe, expect, it } from 'vitest';
import {
  parseAdminGroups,
  parseClamscanOutput,
  parseClamscanSummary,
  parseCvdHeader,
  parseIptablesInput,
  parseLoginDefs,
  parseNftRuleset,
  parsePamPassword,
  parsePwquality,
  parseSshdConfig,
  uidZeroAccounts,
} from './security-parse';

describe('security parsers', () => {
  it('reads the nftables input chain policy and rules', () => {
    const text = `table inet filter {
	chain input {
		type filter hook input priority filter; policy drop;
		ct state established,related accept
		iif "lo" accept
		tcp dport 22 accept
	}
	chain forward {
		type filter hook forward priority filter; policy accept;
	}
}`;
    expect(parseNftRuleset(text)).toEqual({ inputChains: 1, inputRules: 3, policy: 'drop' });
    expect(parseNftRuleset('')).toEqual({ inputChains: 0, inputRules: 0, policy: null });
  });

  it('reads iptables -S INPUT', () => {
    expect(parseIptablesInput('-P INPUT DROP\n-A INPUT -i lo -j ACCEPT\n-A INPUT -p tcp --dport 22 -j ACCEPT\n')).toEqual({ policy: 'drop', rules: 2 });
    expect(parseIptablesInput('-P INPUT ACCEPT\n')).toEqual({ policy: 'accept', rules: 0 });
  });

  it('reads login.defs, pwquality and the PAM password stack', () => {
    expect(parseLoginDefs('# comment\nPASS_MAX_DAYS\t99999\nPASS_MIN_DAYS\t0\nPASS_WARN_AGE\t7\n')).toEqual({ passMaxDays: 99999, passMinDays: 0, passMinLen: null, passWarnAge: 7 });
    expect(parsePwquality('# minlen = 9\nminlen = 14\nminclass = 3\n')).toMatchObject({ minlen: 14, minclass: 3 });
    const pam = parsePamPassword('password\trequisite\t\t\tpam_pwquality.so retry=3 minlen=12\npassword\t[success=1 default=ignore]\tpam_unix.so obscure use_authtok\n');
    expect(pam.module).toBe('pam_pwquality');
    expect(parsePwquality(pam.args).minlen).toBe(12);
    expect(parsePamPassword('password [success=1 default=ignore] pam_unix.so obscure yescrypt').module).toBeNull();
  });

  it('lists admin group members and uid-0 accounts', () => {
    const groups = parseAdminGroups('root:x:0:\nsudo:x:27:alice,bob\nwheel:x:10:bob\nusers:x:100:carol\n');
    expect(Object.fromEntries(groups)).toEqual({ alice: ['sudo'], bob: ['sudo', 'wheel'] });
    expect(uidZeroAccounts('root:x:0:0:root:/root:/bin/bash\ntoor:x:0:0::/root:/bin/sh\nalice:x:1000:1000::/home/alice:/bin/bash\n')).toEqual(['root', 'toor']);
  });

  it('takes the first PermitRootLogin outside Match, through Include', () => {
    const main = 'Include /etc/ssh/sshd_config.d/*.conf\n#PermitRootLogin yes\nPermitRootLogin yes\nMatch User backup\n  PermitRootLogin no\n';
    expect(parseSshdConfig(main, () => ['PermitRootLogin no\n'])).toMatchObject({ permitRootLogin: 'no' });
    expect(parseSshdConfig(main)).toMatchObject({ permitRootLogin: 'yes' });
    expect(parseSshdConfig('Port 22\n')).toEqual({ permitRootLogin: null, passwordAuthentication: null });
  });

  it('reads the CVD header and clamscan output', () => {
    const h = parseCvdHeader('ClamAV-VDB:26 Nov 2026 07-09 +0000:27468:2075402:90:');
    expect(h.version).toBe(27468);
    expect(h.builtAt?.toISOString()).toBe('2026-11-26T07:09:00.000Z');
    const out = '/tmp/x/eicar.com: Eicar-Test-Signature.UNOFFICIAL FOUND\n/tmp/x/odd: name.txt: Win.Test.EICAR_HDB-1 FOUND\n\n----------- SCAN SUMMARY -----------\nKnown viruses: 1\nEngine version: 1.4.6\nScanned directories: 1\nScanned files: 2\nInfected files: 2\n';
    expect(parseClamscanOutput(out)).toEqual([
      { path: '/tmp/x/eicar.com', signature: 'Eicar-Test-Signature.UNOFFICIAL' },
      { path: '/tmp/x/odd: name.txt', signature: 'Win.Test.EICAR_HDB-1' },
    ]);
    expect(parseClamscanSummary(out)).toEqual({ engine: '1.4.6', filesScanned: 2 });
  });
});
