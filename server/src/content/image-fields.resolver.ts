import type { Type } from '@nestjs/common';
import { Context, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/loaders.js';
import { srcSetOf } from '../media/upload.entity.js';

/**
 * `imageSrcSet`, `imageWidth` and `imageHeight` for a type with an `image` URL, read from the uploads table
 * through a per-request DataLoader: one query per list, whatever its length. Resolvers extend the class made
 * for their type.
 */
export function ImageFieldsResolver<T extends { image: string | null }>(classRef: Type<T>) {
  @Resolver(() => classRef, { isAbstract: true })
  abstract class ImageFields {
    @ResolveField(() => String, { nullable: true, description: 'WebP variants for srcset, e.g. "/uploads/x-480.webp 480w, ..."' })
    async imageSrcSet(@Parent() item: T, @Context() { loaders }: GraphQLContext): Promise<string | null> {
      const upload = item.image ? await loaders.upload.load(item.image) : null;
      return upload ? srcSetOf(upload.variants) : null;
    }

    @ResolveField(() => Int, { nullable: true, description: 'Intrinsic width of `image` in pixels' })
    async imageWidth(@Parent() item: T, @Context() { loaders }: GraphQLContext): Promise<number | null> {
      return item.image ? ((await loaders.upload.load(item.image))?.width ?? null) : null;
    }

    @ResolveField(() => Int, { nullable: true, description: 'Intrinsic height of `image` in pixels' })
    async imageHeight(@Parent() item: T, @Context() { loaders }: GraphQLContext): Promise<number | null> {
      return item.image ? ((await loaders.upload.load(item.image))?.height ?? null) : null;
    }
  }
  return ImageFields;
}
