import { createPublicKey } from 'node:crypto';

/** One DNS record a receiving server looks at before it trusts our mail, and what to do about it in plain words. */
export interface HealthCheck {
  name: 'SPF' | 'DKIM' | 'DMARC';
  /** null when it could not be checked (or is not set up for checking at all). */
  ok: boolean | null;
  found: string | null;
  advice: string;
}

/** The TXT strings at a name, each record's pieces joined; [] for a name with none; null when DNS did not answer. */
export type TxtRecords = string[] | null;

const COULD_NOT_CHECK = 'We could not check: the DNS did not answer in time. Try again later.';

const unchecked = (name: HealthCheck['name']): HealthCheck => ({ name, ok: null, found: null, advice: COULD_NOT_CHECK });

/** The domain of an address such as `Ministry <news@ministry.example>`. */
export const domainOf = (address: string): string => /@([^\s>@]+)>?\s*$/.exec(address)?.[1].toLowerCase() ?? '';

/** The records that begin with `prefix` (`v=spf1`), case aside. */
const tagged = (records: string[], prefix: string) => records.filter((r) => r.trim().toLowerCase().startsWith(prefix.toLowerCase()));

/** A `k=v; k=v` record (DKIM, DMARC) as a map of lower-cased tags. */
export function tagsOf(record: string): Map<string, string> {
  return new Map(
    record
      .split(';')
      .map((pair) => pair.split('='))
      .filter((pair) => pair.length >= 2)
      .map(([key, ...value]) => [key.trim().toLowerCase(), value.join('=').replace(/\s+/g, '')]),
  );
}

export function spfCheck(domain: string, records: TxtRecords): HealthCheck {
  if (!records) return unchecked('SPF');
  const spf = tagged(records, 'v=spf1');
  if (!spf.length) {
    return {
      name: 'SPF',
      ok: false,
      found: null,
      advice: `Add a TXT record at ${domain}, such as "v=spf1 include:<your mail provider> ~all", naming the servers that send our mail, so that Gmail and Outlook accept your newsletters.`,
    };
  }
  if (spf.length > 1) {
    return { name: 'SPF', ok: false, found: spf.join(' | '), advice: `Keep one SPF record at ${domain}: with ${spf.length}, receivers treat SPF as broken.` };
  }
  if (/\s\+?all\s*$/i.test(spf[0])) {
    return { name: 'SPF', ok: false, found: spf[0], advice: `End the SPF record at ${domain} with "~all" or "-all": "+all" lets anyone send mail as you.` };
  }
  return { name: 'SPF', ok: true, found: spf[0], advice: `SPF is published: receivers can tell which servers may send mail for ${domain}.` };
}

/** The base64 of the public key that belongs to a PEM private key, as a DKIM record's `p=` carries it. */
export const publicKeyOf = (privateKey: string): string => createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');

/** `dkim` absent: messages are not signed. With a key, the published one must be the one we sign with. */
export function dkimCheck(dkim: { selector: string; domain: string; privateKey: string } | undefined, records: TxtRecords): HealthCheck {
  if (!dkim) {
    return {
      name: 'DKIM',
      ok: false,
      found: null,
      advice: 'DKIM signing is not configured. Set DKIM_PRIVATE_KEY, DKIM_SELECTOR and DKIM_DOMAIN, and publish the public key, so that receivers can tell our mail was not forged.',
    };
  }
  if (!records) return unchecked('DKIM');
  const name = `${dkim.selector}._domainkey.${dkim.domain}`;
  const record = records.find((r) => tagsOf(r).has('p'));
  const published = record && tagsOf(record).get('p');
  const howTo = `a TXT record at ${name}: "v=DKIM1; k=rsa; p=${publicKeyOf(dkim.privateKey)}"`;
  if (!record) return { name: 'DKIM', ok: false, found: null, advice: `Add ${howTo}, so that Gmail and Outlook can check our signature and accept your newsletters.` };
  if (!published) return { name: 'DKIM', ok: false, found: record, advice: `The key at ${name} is revoked (empty "p="). Publish ${howTo}.` };
  if (published !== publicKeyOf(dkim.privateKey)) {
    return { name: 'DKIM', ok: false, found: record, advice: `The key published at ${name} is not the one we sign with. Replace it with ${howTo}.` };
  }
  return { name: 'DKIM', ok: true, found: record, advice: `Our messages are signed, and the key at ${name} matches.` };
}

export function dmarcCheck(domain: string, records: TxtRecords): HealthCheck {
  if (!records) return unchecked('DMARC');
  const [record] = tagged(records, 'v=DMARC1');
  if (!record) {
    return {
      name: 'DMARC',
      ok: false,
      found: null,
      advice: `Add a TXT record at _dmarc.${domain}, such as "v=DMARC1; p=none; rua=mailto:dmarc@${domain}": Gmail and Yahoo refuse bulk mail from domains without one.`,
    };
  }
  const policy = tagsOf(record).get('p')?.toLowerCase();
  if (!policy || !['none', 'quarantine', 'reject'].includes(policy)) {
    return { name: 'DMARC', ok: false, found: record, advice: `The DMARC record at _dmarc.${domain} needs a policy: "p=none", "p=quarantine" or "p=reject".` };
  }
  const advice =
    policy === 'none'
      ? `DMARC is published with "p=none": receivers report but protect nothing. Once SPF and DKIM pass, move to "p=quarantine".`
      : `DMARC is published with "p=${policy}": mail forged in the name of ${domain} is turned away.`;
  return { name: 'DMARC', ok: true, found: record, advice };
}
