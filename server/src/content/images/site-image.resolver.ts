import type { Type } from '@nestjs/common';
import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser, Public } from '../../access/decorators.js';
import { type ListArgs, type ListFilter, ListMetadata, toId } from '../../common/list.js';
import type { ImageContent } from '../image-content.service.js';
import { ImageFieldsResolver } from '../image-fields.resolver.js';
import type { SiteImage } from './site-image.entity.js';

/** The argument types of one kind's operations, and the descriptions its list and create carry in the schema. */
export interface SiteImageApi {
  listArgs: Type<ListArgs & { filter?: ListFilter }>;
  createArgs: Type<object>;
  updateArgs: Type<{ id: string }>;
  listDescription?: string;
  createDescription?: string;
}

type Service<T extends SiteImage> = ImageContent<T, ListFilter>;

/**
 * The react-admin operations of a kind of site image, named for its type (`VisitImage`, `allVisitImages`,
 * `_allVisitImagesMeta`, `createVisitImage`, `updateVisitImage`, `deleteVisitImage`): public reads, writes for
 * content staff, and the image fields. A kind's resolver extends the class made for it.
 */
export function SiteImageResolver<T extends SiteImage>(entity: Type<T>, api: SiteImageApi) {
  const name = entity.name;

  @Resolver(() => entity, { isAbstract: true })
  abstract class SiteImageOperations extends ImageFieldsResolver(entity) {
    constructor(private readonly images: Service<T>) {
      super();
    }

    @Public()
    @Query(() => entity, { name })
    one(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
      return this.images.get(toId(id), caller);
    }

    @Public()
    @Query(() => [entity], { name: `all${name}s`, description: api.listDescription })
    all(@Args({ type: () => api.listArgs }) args: ListArgs & { filter?: ListFilter }, @CurrentUser() caller?: AuthUser) {
      return this.images.findAll(args, args.filter, caller);
    }

    @Public()
    @Query(() => ListMetadata, { name: `_all${name}sMeta` })
    async meta(@Args({ type: () => api.listArgs }) args: ListArgs & { filter?: ListFilter }, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
      return { count: await this.images.count(args.filter, caller) };
    }

    @Can(PERMISSION.contentWrite)
    @Mutation(() => entity, { name: `create${name}`, description: api.createDescription })
    create(@Args({ type: () => api.createArgs }) input: Partial<T>) {
      return this.images.create(input);
    }

    @Can(PERMISSION.contentWrite)
    @Mutation(() => entity, { name: `update${name}` })
    update(@Args({ type: () => api.updateArgs }) { id, ...changes }: { id: string } & Record<string, unknown>, @CurrentUser() caller: AuthUser) {
      return this.images.update(toId(id), changes as Partial<T>, caller);
    }

    @Can(PERMISSION.contentWrite)
    @Mutation(() => entity, { name: `delete${name}` })
    remove(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller: AuthUser) {
      return this.images.remove(toId(id), caller);
    }
  }
  // The validation pipe reads each argument's class from TypeScript's metadata, which a generic class cannot emit.
  Reflect.defineMetadata('design:paramtypes', [api.listArgs, Object], SiteImageOperations.prototype, 'all');
  Reflect.defineMetadata('design:paramtypes', [api.listArgs, Object], SiteImageOperations.prototype, 'meta');
  Reflect.defineMetadata('design:paramtypes', [api.createArgs], SiteImageOperations.prototype, 'create');
  Reflect.defineMetadata('design:paramtypes', [api.updateArgs, Object], SiteImageOperations.prototype, 'update');
  return SiteImageOperations;
}
