import type { Type } from '@nestjs/common';
import { Context, Int, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { GraphQLContext } from '../common/loaders.js';
import { srcSetOf, type Upload } from '../media/index.js';
import type { WithImage } from './image-upload.js';

/** The joined upload, or, for a row read without it (e.g. one a mutation answers), the per-request loader. */
async function uploadOf(item: WithImage, { loaders }: GraphQLContext): Promise<Upload | null> {
  if (!item.image) return null;
  return item.upload !== undefined ? item.upload : loaders.upload.load(item.image);
}

/**
 * `imageSrcSet`, `imageWidth` and `imageHeight` for a type with an `image` URL, from the upload its read
 * joined (`joinImageUpload`). Resolvers extend the class made for their type.
 */
export function ImageFieldsResolver<T extends WithImage>(classRef: Type<T>) {
  @Resolver(() => classRef, { isAbstract: true })
  abstract class ImageFields {
    @ResolveField(() => String, { nullable: true, description: 'WebP variants for srcset, e.g. "/uploads/x-480.webp 480w, ..."' })
    async imageSrcSet(@Parent() item: T, @Context() context: GraphQLContext): Promise<string | null> {
      const upload = await uploadOf(item, context);
      return upload ? srcSetOf(upload.variants) : null;
    }

    @ResolveField(() => Int, { nullable: true, description: 'Intrinsic width of `image` in pixels' })
    async imageWidth(@Parent() item: T, @Context() context: GraphQLContext): Promise<number | null> {
      return (await uploadOf(item, context))?.width ?? null;
    }

    @ResolveField(() => Int, { nullable: true, description: 'Intrinsic height of `image` in pixels' })
    async imageHeight(@Parent() item: T, @Context() context: GraphQLContext): Promise<number | null> {
      return (await uploadOf(item, context))?.height ?? null;
    }
  }
  return ImageFields;
}
