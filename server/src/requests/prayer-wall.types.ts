import { Field, ID, Int, ObjectType } from '@nestjs/graphql';

/** A request on the public wall, named as its member chose. */
@ObjectType()
export class PrayerWallEntry {
  @Field(() => ID)
  id: number;

  @Field()
  title: string;

  @Field()
  body: string;

  @Field({ description: 'The member\'s first name, or "Anonymous"' })
  name: string;

  @Field(() => Int)
  prayedCount: number;

  @Field()
  createdAt: Date;
}

@ObjectType()
export class PrayerWallPage {
  @Field(() => [PrayerWallEntry])
  items: PrayerWallEntry[];

  @Field(() => Int)
  total: number;
}
