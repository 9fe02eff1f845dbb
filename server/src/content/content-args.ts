import { applyDecorators } from '@nestjs/common';
import { Field } from '@nestjs/graphql';
import { ImageUrl } from '../common/fields.js';

/** An optional image URL argument; that it is one of our uploads is checked by the service. */
export const IMAGE_FIELD_DESCRIPTION = 'URL answered by POST /api/uploads; null clears it';

export const ImageArg = () => applyDecorators(Field(() => String, { nullable: true, description: IMAGE_FIELD_DESCRIPTION }), ImageUrl());
