import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_DESCRIPTION, PAYPAL_ORDER_ID, PAYPAL_ORDER_ID_MESSAGE } from '../../commerce/index.js';
import { SingleLine } from '../../common/fields.js';

/** Bodies of the spec's payment paths. Amounts may come as numbers or text; the server prices everything itself. */

const AMOUNT_MESSAGE = 'amount must be a number';

export class CreateOrderBody {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AMOUNT_MESSAGE })
  @Type(() => Number)
  @IsNotEmpty({ message: 'amount is required' })
  amount: number;

  @SingleLine()
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'title is required' })
  title: string;

  @IsOptional()
  @IsIn(['GBP', 'gbp'], { message: 'Books are sold in GBP' })
  currency?: string;
}

class CaptureBody {
  @Matches(PAYPAL_ORDER_ID, { message: PAYPAL_ORDER_ID_MESSAGE })
  @IsString({ message: PAYPAL_ORDER_ID_MESSAGE })
  @IsNotEmpty({ message: 'orderID is required' })
  orderID: string;

  @IsInt({ message: 'usersId must be your user id' })
  @Type(() => Number)
  @IsNotEmpty({ message: 'usersId is required' })
  usersId: number;
}

export class CaptureOrderBody extends CaptureBody {
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'price must be a number' })
  @Type(() => Number)
  price?: number;

  @IsOptional()
  @SingleLine()
  @MaxLength(200, { message: 'title must be at most 200 characters' })
  @IsString({ message: 'title must be text' })
  title?: string;
}

export class DonationCreateBody {
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AMOUNT_MESSAGE })
  @Type(() => Number)
  @IsNotEmpty({ message: 'amount is required' })
  amount: number;

  @IsString({ message: 'currency must be GBP or USD' })
  @IsNotEmpty({ message: 'currency is required' })
  currency: string;

  @IsOptional()
  @MaxLength(MAX_DESCRIPTION, { message: `description must be at most ${MAX_DESCRIPTION} characters` })
  @IsString({ message: 'description must be text' })
  description?: string;

  @IsOptional()
  @IsBoolean({ message: 'giftAid must be true or false' })
  giftAid?: boolean;
}

export class DonationCaptureBody extends CaptureBody {
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: AMOUNT_MESSAGE })
  @Type(() => Number)
  amount?: number;

  @IsOptional()
  @MaxLength(MAX_DESCRIPTION, { message: `description must be at most ${MAX_DESCRIPTION} characters` })
  @IsString({ message: 'description must be text' })
  description?: string;
}
