import { invalid, notFound, randomId, unprocessable, type Answer } from './answers.js';
import type { Store } from './database/store.js';
import { fromPayPalValue } from './money.js';
import type { Addresses, EmulatedOrder } from './order.js';
import type { CreateOrderRequest } from './paypal-shapes.js';
import { representation } from './representation.js';
import type { Signer } from './signer.js';

/** Orders v2: `POST /v2/checkout/orders` and `GET /v2/checkout/orders/:id`. */
export class Orders {
  constructor(
    private readonly store: Store,
    private readonly signer: Signer,
  ) {}

  /** A repeated `PayPal-Request-Id` answers the first answer again, as PayPal does, however many instances. */
  async create(request: CreateOrderRequest, requestId: string | undefined, addresses: Addresses): Promise<Answer> {
    return this.store.transaction(async (db) => {
      const key = requestId && `create:${requestId}`;
      if (key) {
        await this.store.serialise(db, key);
        const first = await this.store.answer(db, key);
        if (first) return first;
      }
      const problem = validateCreateOrder(request);
      if (problem) return problem;
      const context = request.payment_source?.paypal?.experience_context;
      const legacy = request.application_context;
      const now = new Date();
      const order: EmulatedOrder = {
        id: randomId(17),
        status: context ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
        request,
        returnUrl: context?.return_url ?? legacy?.return_url,
        cancelUrl: context?.cancel_url ?? legacy?.cancel_url,
        experienceContext: Boolean(context),
        scenario: 'COMPLETED',
        captureCalls: 0,
        getCalls: 0,
        refundRefusals: 0,
        createTime: now,
        updateTime: now,
      };
      await this.store.insertOrder(db, order);
      const answer = { status: 201, body: representation(order, addresses, this.signer) };
      if (key) await this.store.keepAnswer(db, key, order.id, answer);
      return answer;
    });
  }

  async get(id: string, addresses: Addresses): Promise<Answer> {
    const order = await this.store.countRead(id);
    return order ? { status: 200, body: representation(order, addresses, this.signer) } : notFound();
  }
}

const UNIT = "/purchase_units/@reference_id=='default'";

function validateCreateOrder(request: CreateOrderRequest): Answer | undefined {
  if (!request || typeof request !== 'object') return invalid('/', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
  if (request.intent !== 'CAPTURE') return invalid('/intent', 'INVALID_PARAMETER_VALUE', 'The emulator supports intent CAPTURE.');
  const units = request.purchase_units;
  if (!Array.isArray(units) || units.length !== 1) {
    return invalid('/purchase_units', 'INVALID_ARRAY_MAX_ITEMS', 'The emulator supports exactly one purchase unit.');
  }
  const unit = units[0];
  const currency = unit?.amount?.currency_code;
  const total = fromPayPalValue(unit?.amount?.value);
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    return invalid(`${UNIT}/amount/currency_code`, 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
  }
  if (total === undefined || total <= 0) return invalid(`${UNIT}/amount/value`, 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
  if (unit.custom_id !== undefined && (typeof unit.custom_id !== 'string' || unit.custom_id.length > 127)) {
    return invalid(`${UNIT}/custom_id`, 'INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.');
  }
  if (!unit.items?.length) return undefined;
  const itemTotal = fromPayPalValue(unit.amount.breakdown?.item_total?.value);
  if (itemTotal === undefined) {
    return unprocessable('ITEM_TOTAL_REQUIRED', 'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.');
  }
  let sum = 0;
  for (const item of unit.items) {
    const price = fromPayPalValue(item.unit_amount?.value);
    const quantity = Number(item.quantity);
    if (price === undefined || !Number.isInteger(quantity) || quantity < 1 || item.unit_amount.currency_code !== currency) {
      return invalid(`${UNIT}/items`, 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
    }
    sum += price * quantity;
  }
  if (sum !== itemTotal) return unprocessable('ITEM_TOTAL_MISMATCH', 'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.');
  if (itemTotal !== total) return unprocessable('AMOUNT_MISMATCH', 'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.');
  return undefined;
}
