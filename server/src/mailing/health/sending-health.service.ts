import { Inject, Injectable } from '@nestjs/common';
import { Resolver } from 'node:dns/promises';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { SendingHealth } from './sending-health.entity.js';
import { dkimCheck, dmarcCheck, domainOf, spfCheck, type TxtRecords } from './sending-health.js';

/** Answers that mean "no such record", as opposed to DNS not answering at all. */
const NO_RECORDS = new Set(['ENOTFOUND', 'ENODATA']);

const DNS_TIMEOUT_MS = 3000;

/** The TXT records at `name`; a timeout or a refused or failed server is null, never an error. */
export async function txtRecords(resolver: Pick<Resolver, 'resolveTxt'>, name: string): Promise<TxtRecords> {
  try {
    return (await resolver.resolveTxt(name)).map((pieces) => pieces.join(''));
  } catch (error) {
    return NO_RECORDS.has((error as NodeJS.ErrnoException).code ?? '') ? [] : null;
  }
}

/** A resolver that gives up after 3 s, trying once: the console waits on it. `servers` only for tests. */
export function dnsResolver(servers?: string[]): Resolver {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  if (servers) resolver.setServers(servers);
  return resolver;
}

/** SPF and DMARC of the domain we send from (MAIL_FROM), and DKIM at the selector we sign with. */
export async function checkSendingHealth(config: Pick<AppConfig, 'mailFrom' | 'dkim'>, resolver: Pick<Resolver, 'resolveTxt'>): Promise<SendingHealth> {
  const domain = domainOf(config.mailFrom);
  const dkim = config.dkim && { selector: config.dkim.keySelector, domain: config.dkim.domainName, privateKey: config.dkim.privateKey };
  const [spf, dmarc, key] = await Promise.all([
    txtRecords(resolver, domain),
    txtRecords(resolver, `_dmarc.${domain}`),
    dkim ? txtRecords(resolver, `${dkim.selector}._domainkey.${dkim.domain}`) : Promise.resolve([]),
  ]);
  const checks = [spfCheck(domain, spf), dkimCheck(dkim, key), dmarcCheck(domain, dmarc)];
  return { domain, checked: spf !== null && dmarc !== null && key !== null, checks };
}

/** Whether receiving servers will trust our mail, read from DNS at the moment staff ask. */
@Injectable()
export class SendingHealthService {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  check(): Promise<SendingHealth> {
    return checkSendingHealth(this.config, dnsResolver());
  }
}
