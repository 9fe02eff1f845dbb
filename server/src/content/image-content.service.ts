import type { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '../access/auth-user.js';
import type { ListFilter } from '../common/list.js';
import type { MediaService } from '../media/index.js';
import { ContentList } from './content-list.js';
import { joinImageUpload, type WithImage } from './image-upload.js';

/**
 * Writes shared by the types that are mostly a picture (slider, visit and meeting images, books): the image
 * must be one of our uploads, and an update changes only what it names. `null` clears only nullable columns;
 * for the others it means "unchanged", as react-admin sends every field of the record back.
 */
export abstract class ImageContent<T extends WithImage & { id: number }, F extends ListFilter> extends ContentList<T, F> {
  protected readonly nullable: (keyof T)[] = ['image'];

  constructor(
    repository: Repository<T>,
    alias: string,
    protected readonly media: MediaService,
  ) {
    super(repository, alias);
  }

  protected withJoins(query: SelectQueryBuilder<T>): SelectQueryBuilder<T> {
    return joinImageUpload(query);
  }

  /** `manager` keeps the write in a caller's transaction. */
  async create(values: Partial<T>, manager?: EntityManager): Promise<T> {
    this.media.assertOwnImage(values.image);
    const repository = manager ? manager.getRepository<T>(this.repository.target) : this.repository;
    return repository.save(repository.create(this.changes(values) as T));
  }

  async update(id: number, values: Partial<T>, caller: AuthUser): Promise<T> {
    this.media.assertOwnImage(values.image);
    const row = await this.get(id, caller);
    // The upload read with the row may no longer be its image's: the image fields then ask the loader.
    return this.repository.save(Object.assign(row, this.changes(values), { upload: undefined }));
  }

  private changes(values: Partial<T>): Partial<T> {
    const changes: Partial<T> = {};
    for (const key of Object.keys(values) as (keyof T)[]) {
      const value = values[key];
      if (value === undefined || (value === null && !this.nullable.includes(key))) continue;
      changes[key] = (value === '' && this.nullable.includes(key) ? null : value) as T[keyof T];
    }
    return changes;
  }
}
