import type { Transport } from '../data/transport';

export type CancellationMethod = 'Written' | 'Phone' | 'Email' | 'InPerson';
export type DeclarationSource = 'Oral' | 'Paper';
export type DeclarationScope = 'Enduring' | 'ThisDonation';

export const CANCELLATION_METHODS: { id: CancellationMethod; name: string }[] = [
  { id: 'Written', name: 'In writing (letter)' },
  { id: 'Phone', name: 'By telephone' },
  { id: 'Email', name: 'By e-mail' },
  { id: 'InPerson', name: 'In person' },
];

export type Cancellation = { cancelledOn: string; method: CancellationMethod; note: string };

const CANCEL_FOR_DONOR = `mutation CancelGiftAidDeclarationForDonor($id: ID!, $cancelledOn: String!, $method: GiftAidCancellationMethod!, $note: String) {
  cancelGiftAidDeclarationForDonor(id: $id, cancelledOn: $cancelledOn, method: $method, note: $note) { id status } }`;

export type RecordedDeclaration = {
  donorEmail: string;
  source: DeclarationSource;
  declaredOn: string;
  scope: DeclarationScope;
  title: string;
  firstName: string;
  lastName: string;
  houseNameOrNumber: string;
  postcode: string;
  livesAbroad: boolean;
};

const RECORD = `mutation RecordGiftAidDeclaration($donorEmail: String, $source: GiftAidDeclarationSource!, $declaredOn: String!, $scope: GiftAidDeclarationScope!,
  $title: String, $firstName: String!, $lastName: String!, $houseNameOrNumber: String!, $postcode: String, $livesAbroad: Boolean) {
  recordGiftAidDeclaration(donorEmail: $donorEmail, source: $source, declaredOn: $declaredOn, scope: $scope, title: $title, firstName: $firstName,
    lastName: $lastName, houseNameOrNumber: $houseNameOrNumber, postcode: $postcode, livesAbroad: $livesAbroad) { id } }`;

/** The data provider's Gift Aid declaration methods, beyond the declarations' list and page. */
export const giftAidDeclarationMethods = ({ call }: Transport) => ({
  /** Records a cancellation the donor gave staff; gifts from `cancelledOn` on are not covered. */
  async cancelGiftAidDeclarationForDonor(id: string, cancellation: Cancellation): Promise<void> {
    await call(CANCEL_FOR_DONOR, { id, ...cancellation });
  },
  /** Records a member's oral or paper declaration; answers its id. The server e-mails an oral one's written record. */
  async recordGiftAidDeclaration(declaration: RecordedDeclaration): Promise<string> {
    const variables = { ...declaration, postcode: declaration.livesAbroad ? null : declaration.postcode };
    return (await call<{ recordGiftAidDeclaration: { id: string } }>(RECORD, variables)).recordGiftAidDeclaration.id;
  },
});
