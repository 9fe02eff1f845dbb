import type { UpdateEvent } from 'typeorm';

/**
 * The properties an update changed, as TypeORM tells its subscribers: a save() names the columns it changed; an
 * update() or increment() names none and carries only what it sets. Empty when it cannot tell.
 */
export function changedProperties(event: UpdateEvent<object>): string[] {
  return event.updatedColumns.length ? event.updatedColumns.map((column) => column.propertyName) : Object.keys(event.entity ?? {});
}
