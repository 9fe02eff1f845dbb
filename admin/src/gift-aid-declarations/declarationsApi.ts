import { graphqlCall } from '../data/graphqlCall';

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

/** Records a cancellation the donor gave staff; gifts from `cancelledOn` on are not covered. */
export async function cancelForDonor(id: string, cancellation: Cancellation): Promise<void> {
  await graphqlCall(
    `mutation CancelGiftAidDeclarationForDonor($id: ID!, $cancelledOn: String!, $method: GiftAidCancellationMethod!, $note: String) {
      cancelGiftAidDeclarationForDonor(id: $id, cancelledOn: $cancelledOn, method: $method, note: $note) { id status } }`,
    { id, ...cancellation },
  );
}

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

/** Records a member's oral or paper declaration; answers its id. The server e-mails an oral one's written record. */
export async function recordDeclaration(declaration: RecordedDeclaration): Promise<string> {
  const answer = await graphqlCall<{ recordGiftAidDeclaration: { id: string } }>(
    `mutation RecordGiftAidDeclaration($donorEmail: String, $source: GiftAidDeclarationSource!, $declaredOn: String!, $scope: GiftAidDeclarationScope!,
      $title: String, $firstName: String!, $lastName: String!, $houseNameOrNumber: String!, $postcode: String, $livesAbroad: Boolean) {
      recordGiftAidDeclaration(donorEmail: $donorEmail, source: $source, declaredOn: $declaredOn, scope: $scope, title: $title, firstName: $firstName,
        lastName: $lastName, houseNameOrNumber: $houseNameOrNumber, postcode: $postcode, livesAbroad: $livesAbroad) { id } }`,
    { ...declaration, postcode: declaration.livesAbroad ? null : declaration.postcode },
  );
  return answer.recordGiftAidDeclaration.id;
}
