import { describe, expect, it } from 'vitest';
import type os from 'node:os';
import { tunnelTargetRefusal } from './tunnel';

const nics = {
  lo: [{ address: '127.0.0.1', netmask: '255.0.0.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal: true, cidr: '127.0.0.1/8' }],
  eth0: [
    { address: '192.168.10.20', netmask: '255.255.255.0', family: 'IPv4', mac: '02:00:00:00:00:01', internal: false, cidr: '192.168.10.20/24' },
    { address: 'fd00:1::20', netmask: 'ffff:ffff:ffff:ffff::', family: 'IPv6', mac: '02:00:00:00:00:01', internal: false, cidr: 'fd00:1::20/64', scopeid: 0 },
  ],
} as unknown as ReturnType<typeof os.networkInterfaces>;

describe('tunnel targets the agent accepts', () => {
  it('always allows the device itself', () => {
    for (const a of ['127.0.0.1', '127.5.5.5', '::1', '192.168.10.20']) expect(tunnelTargetRefusal(a, 'device', nics), a).toBeNull();
  });

  it('allows its subnets only with the lan scope', () => {
    expect(tunnelTargetRefusal('192.168.10.7', 'lan', nics)).toBeNull();
    expect(tunnelTargetRefusal('fd00:1::7', 'lan', nics)).toBeNull();
    expect(tunnelTargetRefusal('192.168.10.7', 'device', nics)).toMatch(/not an address of this device/);
  });

  it('refuses other networks, metadata, multicast and broadcast', () => {
    for (const a of ['192.168.11.7', '10.0.0.1', '8.8.8.8', '169.254.169.254', '224.0.0.1', '255.255.255.255', '0.0.0.0', 'fd00:2::1', 'ff02::1', 'not-an-ip']) {
      expect(tunnelTargetRefusal(a, 'lan', nics), a).not.toBeNull();
    }
  });

  it('reads IPv4-mapped IPv6 addresses as IPv4', () => {
    expect(tunnelTargetRefusal('::ffff:127.0.0.1', 'device', nics)).toBeNull();
    expect(tunnelTargetRefusal('::ffff:8.8.8.8', 'lan', nics)).not.toBeNull();
  });
});
