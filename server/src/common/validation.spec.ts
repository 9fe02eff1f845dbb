import { describe, expect, it } from '@jest/globals';
import type { ArgumentMetadata } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsDate, IsEnum, IsOptional, ValidateNested } from 'class-validator';
import { AppError } from './app-error.js';
import { ListArgs, ListFilterInput } from './list.js';
import { validationPipe } from './validation.js';

enum Status {
  Authorised = 'Authorised',
}

class StatusFilter extends ListFilterInput {
  @IsOptional()
  @IsEnum(Status)
  status?: Status;
}

class FilteredArgs extends ListArgs {
  @IsOptional()
  @ValidateNested()
  @Type(() => StatusFilter)
  filter?: StatusFilter;
}

class DatedArgs {
  @IsOptional()
  @IsDate()
  startsAt?: Date;
}

const check = (metatype: ArgumentMetadata['metatype'], value: unknown) => validationPipe.transform(value, { type: 'body', metatype });

/** The field named by the refusal, or 'passed'. */
async function verdict(metatype: ArgumentMetadata['metatype'], value: unknown): Promise<string> {
  try {
    await check(metatype, value);
    return 'passed';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return `${error.field ?? error.problems?.map(({ field }) => field).join(',')}: ${error.message}`;
  }
}

describe('argument checks asked again (a read’s page and filter come back on every request)', () => {
  it('give a fresh instance of the class each time, from what was sent', async () => {
    const first = await check(ListArgs, { page: 2, perPage: 8 });
    const again = await check(ListArgs, { page: 2, perPage: 8 });
    expect(first).toBeInstanceOf(ListArgs);
    expect(again).toBeInstanceOf(ListArgs);
    expect(again).not.toBe(first);
    expect(again).toEqual({ page: 2, perPage: 8 });
  });

  it('keep each call’s own verdict when many come at once, passing and refused alike', async () => {
    const values = Array.from({ length: 60 }, (_, n) => (n % 3 === 0 ? { perPage: 5000 + n } : { perPage: 1 + (n % 4) }));
    const verdicts = await Promise.all(values.map((value) => verdict(ListArgs, value)));
    verdicts.forEach((found, n) => expect([n, found === 'passed']).toEqual([n, n % 3 !== 0]));
  });

  it('still refuse, every time and in the same words, whatever differs from a shape that passed in a way a rule could see', async () => {
    const cases: [ArgumentMetadata['metatype'], unknown, unknown][] = [
      [ListArgs, { perPage: 8 }, { perPage: 8000 }],
      [ListArgs, { perPage: null }, { perPage: Number.NaN }],
      [ListArgs, { perPage: 8 }, { perPage: '8' }],
      [ListArgs, { sortOrder: 'ASC' }, { sortOrder: 'ASC', extra: 1 }],
      [FilteredArgs, { filter: { q: 'hope' } }, { filter: { q: 'h'.repeat(201) } }],
      [FilteredArgs, { filter: { status: 'Authorised' } }, { filter: { status: 'sAuthorised' } }],
      [DatedArgs, { startsAt: new Date('2026-12-24T18:00:00Z') }, { startsAt: new Date('not a date') }],
      [DatedArgs, { startsAt: new Date('2026-12-24T18:00:00Z') }, { startsAt: '2026-12-24T18:00:00.000Z' }],
    ];
    for (const [metatype, passes, refused] of cases) {
      expect(await verdict(metatype, passes)).toBe('passed');
      expect(await verdict(metatype, passes)).toBe('passed');
      const first = await verdict(metatype, refused);
      expect(first).not.toBe('passed');
      expect(await verdict(metatype, refused)).toBe(first);
    }
  });
});
