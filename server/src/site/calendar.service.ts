import { Inject, Injectable } from '@nestjs/common';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { escape, type ICalCalendar } from 'ical-generator';
import { DateTime } from 'luxon';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { CATEGORY, LONDON, normaliseRecurrence, type Post, PostsService, slugify } from '../content/index.js';
import { absoluteUrl, postPath } from './public-urls.js';
import type { SiteSettings } from './site-settings.entity.js';
import { SiteSettingsService } from './site-settings.service.js';

const BYDAY: Record<string, string> = { Monday: 'MO', Tuesday: 'TU', Wednesday: 'WE', Thursday: 'TH', Friday: 'FR', Saturday: 'SA', Sunday: 'SU' };
const DAY_INDEX = Object.keys(BYDAY);

/** Control characters RFC 5545 allows in no value (3.1 VALUE-CHAR, 3.3.11 TSAFE-CHAR): all but HTAB; CR and LF in values are escaped earlier. */
const CONTROL = /(?![\t\r\n])\p{Cc}/gu;

/**
 * The calendar as RFC 5545 writes it: ical-generator folds lines by octets but ends the last one, END:VCALENDAR,
 * without CRLF (3.4 ends every content line with one), and passes control characters through, which no value may
 * hold; data stored before single-line fields refused them would otherwise reach subscribers.
 */
export const icalendarText = (calendar: ICalCalendar): string => `${calendarPropertiesFirst(calendar.toString().replace(CONTROL, ''))}\r\n`;

/**
 * RFC 5545 3.4 orders a calendar as `calprops component`, but ical-generator writes some calendar properties
 * (REFRESH-INTERVAL, X-PUBLISHED-TTL, X- properties) after the VTIMEZONE or the events: they are moved up, folded
 * lines and all, before the first component.
 */
function calendarPropertiesFirst(text: string): string {
  const properties: string[][] = [];
  for (const line of text.split('\r\n')) {
    if (/^[ \t]/.test(line) && properties.length) properties[properties.length - 1].push(line);
    else properties.push([line]);
  }
  const head: string[][] = [];
  const components: string[][] = [];
  let depth = 0;
  for (const property of properties) {
    const [first] = property;
    const opens = first.startsWith('BEGIN:');
    if (opens) depth += 1;
    // Depth 1 is the VCALENDAR itself: its own properties, and its end, which stays last.
    if (depth === 1 && !opens && !first.startsWith('END:')) head.push(property);
    else (components.length || (opens && depth === 2) ? components : head).push(property);
    if (first.startsWith('END:')) depth -= 1;
  }
  return [...head, ...components].flat().join('\r\n');
}

const inLondon = (date: Date) => DateTime.fromJSDate(date, { zone: LONDON });

/** The calendars the site publishes (iCalendar, with ical-generator): every upcoming program and service, or one program. */
@Injectable()
export class CalendarService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly posts: PostsService,
    private readonly settings: SiteSettingsService,
  ) {}

  private get host() {
    return new URL(this.config.publicUrl).hostname;
  }

  /**
   * ical-generator escapes events' texts, but writes the calendar's name (NAME, X-WR-CALNAME) and PRODID as given:
   * both are TEXT, escaped here with its own `escape` (RFC 5545 3.3.11), so a line break in a program's or the
   * site's name can never start a property of its own.
   */
  private calendar(settings: SiteSettings, name: string): ICalCalendar {
    return ical({
      name: escape(name, false),
      prodId: { company: escape(settings.name || this.host, false), product: 'programs', language: 'EN' },
      url: absoluteUrl(this.config, '/programs'),
      // No zone of the calendar's own: with one, ical-generator writes DTSTAMP, CREATED and LAST-MODIFIED as local times
      // without Z, which RFC 5545 (3.8.7) requires in UTC. Each event carries Europe/London, whose VTIMEZONE is still
      // written; no time is floating, so X-WR-TIMEZONE (which it wrote with the zone) has nothing to say.
      timezone: { name: null, generator: getVtimezoneComponent },
      ttl: 60 * 60,
    });
  }

  private address(settings: SiteSettings) {
    return [...settings.addressLines, settings.postcode].filter(Boolean).join(', ');
  }

  /**
   * The stored recurrence as one RRULE line, checked again as writing checks it: ical-generator writes each line of a
   * rule it is given, so one stored with a line break (before writes refused it, or by hand) would add properties.
   */
  private rule(recurrence: string | null): string | null {
    const checked = recurrence ? normaliseRecurrence(recurrence) : null;
    return checked && 'rule' in checked ? `RRULE:${checked.rule}` : null;
  }

  private addProgram(calendar: ICalCalendar, post: Post) {
    if (!post.startsAt) return;
    calendar.createEvent({
      id: `program-${post.id}@${this.host}`,
      // As London times: given a Date with a zone, ical-generator would write the server's own local time under TZID.
      start: inLondon(post.startsAt),
      end: inLondon(post.endsAt ?? new Date(post.startsAt.getTime() + 60 * 60 * 1000)),
      timezone: LONDON,
      stamp: post.updatedAt,
      lastModified: post.updatedAt,
      created: post.createdAt,
      summary: post.name,
      description: [post.excerpt, post.onlineUrl ? `Join online: ${post.onlineUrl}` : ''].filter(Boolean).join('\n\n') || null,
      location: post.location ?? (post.onlineUrl ? 'Online' : null),
      url: absoluteUrl(this.config, postPath(post)),
      repeating: this.rule(post.recurrence),
    });
  }

  /** The weekly schedule as recurring events, anchored on the week of 5 January 2026 so their UIDs and starts stay put. */
  private addServices(calendar: ICalCalendar, settings: SiteSettings) {
    const where = [settings.name, this.address(settings)].filter(Boolean).join(', ') || null;
    for (const entry of settings.weeklySchedule) {
      const index = DAY_INDEX.indexOf(entry.day);
      if (index < 0) continue;
      const at = (time: string) => {
        const [hour, minute] = time.split(':').map(Number);
        return DateTime.fromObject({ year: 2026, month: 1, day: 5 + index, hour, minute }, { zone: LONDON });
      };
      calendar.createEvent({
        id: `service-${BYDAY[entry.day].toLowerCase()}-${slugify(entry.activity)}@${this.host}`,
        start: at(entry.opens),
        end: at(entry.closes),
        timezone: LONDON,
        stamp: settings.updatedAt,
        summary: entry.activity,
        location: where,
        url: absoluteUrl(this.config, '/service-times'),
        repeating: `RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[entry.day]}`,
      });
    }
  }

  /** Upcoming programs and the weekly services: a calendar to subscribe to. */
  async eventsCalendar(): Promise<string> {
    const [settings, programs] = await Promise.all([this.settings.get(), this.posts.upcomingEvents()]);
    const calendar = this.calendar(settings, settings.name ? `${settings.name}: programs and services` : 'Programs and services');
    for (const post of programs) this.addProgram(calendar, post);
    this.addServices(calendar, settings);
    return icalendarText(calendar);
  }

  /** One dated program as a calendar file to add; null when it is not a dated program visitors may see. */
  async eventCalendar(id: number): Promise<string | null> {
    const post = await this.posts.get(id, undefined).catch(() => null);
    if (!post || post.categoryId !== CATEGORY.programs || !post.startsAt) return null;
    const settings = await this.settings.get();
    const calendar = this.calendar(settings, post.name);
    this.addProgram(calendar, post);
    return icalendarText(calendar);
  }
}
