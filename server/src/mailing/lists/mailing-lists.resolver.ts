import { Args, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { PERMISSION } from '@ministry/shared';
import type { AuthUser } from '../../access/auth-user.js';
import { Can, CurrentUser, Public } from '../../access/decorators.js';
import { can } from '../../access/permissions.js';
import { AppError } from '../../common/app-error.js';
import { applyListFilter, applyListPage, ListMetadata, type ListOptions, toId } from '../../common/list.js';
import { RateLimit } from '../../common/rate-limit.js';
import { CURRENT_SUBSCRIPTIONS } from './consent-ledger.js';
import {
  AllMailingListsArgs,
  CreateMailingListArgs,
  MailTokenArgs,
  SubscribeArgs,
  UpdateMailingListArgs,
  UpdatePreferencesArgs,
  type MailingListFilter,
} from './mailing.args.js';
import { CommunicationPreferences, MailingList } from './mailing-list.entity.js';
import { PreferencesService } from './preferences.service.js';
import { SubscriptionsService } from './subscriptions.service.js';

const LIST: ListOptions = {
  sortable: { id: 'list.id', name: 'list.name', createdAt: 'list.createdAt', basis: 'list.basis', public: 'list.public' },
  defaultSort: { field: 'name', order: 'ASC' },
  searchable: ['list.name', 'list.description'],
};

/** Sign-ups a minute from one address: a person signs up to a few lists, a script to thousands. */
const SIGN_UPS_PER_MINUTE = 10;

/** Mailing lists, signing up and unsubscribing, and the member's own preferences. */
@Resolver(() => MailingList)
export class MailingListsResolver {
  constructor(
    @InjectRepository(MailingList) private readonly lists: Repository<MailingList>,
    private readonly subscriptions: SubscriptionsService,
    private readonly preferences: PreferencesService,
  ) {}

  /** Visitors and members see public lists only, whatever the filter asks. */
  private query(filter: MailingListFilter | undefined, caller?: AuthUser) {
    const query = applyListFilter(this.lists.createQueryBuilder('list'), filter, LIST);
    if (!caller || !can(caller, PERMISSION.commsSend)) query.andWhere('list.public');
    else if (filter?.public !== undefined && filter.public !== null) query.andWhere('list.public = :public', { public: filter.public });
    return query;
  }

  @Public()
  @Query(() => [MailingList], { description: 'Visitors and members: the public lists; comms:send: every list' })
  allMailingLists(@Args() args: AllMailingListsArgs, @CurrentUser() caller?: AuthUser) {
    return applyListPage(this.query(args.filter, caller), args, LIST).getMany();
  }

  @Public()
  @Query(() => ListMetadata)
  async _allMailingListsMeta(@Args() { filter }: AllMailingListsArgs, @CurrentUser() caller?: AuthUser): Promise<ListMetadata> {
    return { count: await this.query(filter, caller).getCount() };
  }

  @Public()
  @Query(() => MailingList, { nullable: true })
  MailingList(@Args('id', { type: () => ID }) id: string, @CurrentUser() caller?: AuthUser) {
    return this.query(undefined, caller)
      .andWhere('list.id = :id', { id: toId(id) })
      .getOne();
  }

  @ResolveField(() => Int, { nullable: true })
  async subscriberCount(@Parent() list: MailingList, @CurrentUser() caller?: AuthUser): Promise<number | null> {
    if (!caller || !can(caller, PERMISSION.commsSend)) return null;
    const [{ count }] = await this.lists.query<{ count: number }[]>(`SELECT count(*)::int AS count FROM (${CURRENT_SUBSCRIPTIONS}) s WHERE list_id = $1`, [
      list.id,
    ]);
    return count;
  }

  @Can(PERMISSION.commsSend)
  @Mutation(() => MailingList)
  async createMailingList(@Args() args: CreateMailingListArgs): Promise<MailingList> {
    await this.refuseTakenName(args.name);
    return this.lists.save(this.lists.create({ ...args, name: args.name.trim(), description: args.description.trim() }));
  }

  @Can(PERMISSION.commsSend)
  @Mutation(() => MailingList, { description: 'Name, description and whether it is public; the basis never changes' })
  async updateMailingList(@Args() { id, ...fields }: UpdateMailingListArgs): Promise<MailingList> {
    const list = await this.lists.findOneBy({ id: toId(id) });
    if (!list) throw AppError.notFound('The mailing list');
    await this.refuseTakenName(fields.name, list.id);
    return this.lists.save(Object.assign(list, { ...fields, name: fields.name.trim(), description: fields.description.trim() }));
  }

  private async refuseTakenName(name: string, except = 0) {
    const taken = await this.lists
      .createQueryBuilder('list')
      .where('lower(list.name) = lower(:name) AND list.id <> :except', { name: name.trim(), except })
      .getExists();
    if (taken) throw AppError.badInput('name', 'There is already a list of that name');
  }

  @Public()
  @RateLimit('subscribe', SIGN_UPS_PER_MINUTE, 60)
  @Mutation(() => Boolean, { description: 'Sends a confirmation link; answers true whatever the address’s state' })
  async subscribe(@Args() { listId, email }: SubscribeArgs): Promise<boolean> {
    await this.subscriptions.subscribe(toId(listId, 'listId'), email);
    return true;
  }

  @Public()
  @Mutation(() => MailingList, { description: 'The confirmation link’s button' })
  confirmSubscription(@Args() { token }: MailTokenArgs) {
    return this.subscriptions.confirm(token);
  }

  @Public()
  @Mutation(() => MailingList, { description: 'The unsubscribe link: takes effect at once, without signing in' })
  unsubscribe(@Args() { token }: MailTokenArgs) {
    return this.subscriptions.unsubscribeByToken(token, 'EmailLink');
  }

  @Query(() => CommunicationPreferences, { description: 'Signed in: what we send you, and the record of your choices' })
  myCommunicationPreferences(@CurrentUser() caller: AuthUser) {
    return this.preferences.preferences(caller);
  }

  @Mutation(() => CommunicationPreferences)
  updateCommunicationPreferences(@Args() { lists }: UpdatePreferencesArgs, @CurrentUser() caller: AuthUser) {
    return this.preferences.updatePreferences(
      caller,
      lists.map((choice) => ({ listId: toId(choice.listId, 'lists.listId'), ticked: choice.ticked })),
    );
  }
}
