import type { Type as ResolverClass } from '@nestjs/common';
import { Args, ArgsType, ID, InputType, Mutation, Query, Resolver } from '@nestjs/graphql';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../access/auth-user.js';
import { CurrentUser, Can } from '../access/decorators.js';
import { Audited } from '../audit/index.js';
import { ClientIp } from '../common/decorators.js';
import { FilterArg, ListArgs, ListMetadata, toId } from '../common/list.js';
import { RequestFilter, UpdateRequestArgs } from './dto/review.args.js';
import type { RequestRecord } from './entities/request-record.js';
import type { RequestKind } from './request-kinds.js';
import { RequestsService } from './requests.service.js';

/**
 * Staff review of one public kind of request in the ra-data-graphql-simple shape: `all<Plural>`,
 * `_all<Plural>Meta`, `<Type>(id)`, `update<Type>(id, status, note)`, `delete<Type>(id)`. Reading needs `care:read`, follow-up `care:manage` too.
 * The four public kinds differ only in their fields, so one factory builds their resolvers.
 */
export function reviewResolverFor<T extends RequestRecord>(kind: RequestKind<T>): ResolverClass<unknown> {
  @InputType(`${kind.name}Filter`)
  class Filter extends RequestFilter {}

  @ArgsType()
  class AllArgs extends ListArgs {
    @FilterArg(() => Filter)
    filter?: Filter;
  }

  @Can(PERMISSION.careRead)
  @Resolver(() => kind.entity)
  class ReviewResolver {
    constructor(private readonly requests: RequestsService) {}

    @Audited('care.list', kind.name)
    @Query(() => [kind.entity], { name: `all${kind.plural}` })
    list(@CurrentUser() caller: AuthUser, @Args() args: AllArgs): Promise<T[]> {
      return this.requests.store(kind).list(args, args.filter, undefined, caller);
    }

    @Query(() => ListMetadata, { name: `_all${kind.plural}Meta`, description: 'With a search term (q), on the audit trail as a read of the requests it matched.' })
    async meta(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args() args: AllArgs): Promise<ListMetadata> {
      return { count: await this.requests.store(kind).count(caller, ip, args.filter) };
    }

    @Audited('care.read', kind.name)
    @Query(() => kind.entity, { name: kind.name })
    one(@Args('id', { type: () => ID }) id: string): Promise<T> {
      return this.requests.store(kind).get(toId(id));
    }

    @Can(PERMISSION.careRead, PERMISSION.careManage)
    @Audited('care.read', kind.name)
    @Mutation(() => kind.entity, { name: `update${kind.name}`, description: 'Staff follow-up: status and internal note.' })
    async update(@CurrentUser() caller: AuthUser, @Args() { id, ...changes }: UpdateRequestArgs): Promise<T> {
      return (await this.requests.store(kind).followUp(toId(id), changes, caller)).record;
    }

    @Can(PERMISSION.careRead, PERMISSION.careManage)
    @Mutation(() => kind.entity, { name: `delete${kind.name}`, description: 'Deletes for good; answers the record as it was. On the audit trail.' })
    remove(@CurrentUser() caller: AuthUser, @ClientIp() ip: string, @Args('id', { type: () => ID }) id: string): Promise<T> {
      return this.requests.store(kind).remove(toId(id), caller, ip);
    }
  }

  Object.defineProperty(ReviewResolver, 'name', { value: `${kind.name}ReviewResolver` });
  return ReviewResolver;
}
