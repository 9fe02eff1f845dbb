import { applyDecorators } from '@nestjs/common';
import { Field } from '@nestjs/graphql';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';

export const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An optional image URL argument; that it is one of our uploads is checked by the service. */
export const IMAGE_FIELD_DESCRIPTION = 'URL answered by POST /api/uploads; null clears it';

export const ImageArg = () =>
  applyDecorators(
    Field(() => String, { nullable: true, description: IMAGE_FIELD_DESCRIPTION }),
    IsOptional(),
    IsString(),
    MaxLength(500),
    Transform(trim),
  );
