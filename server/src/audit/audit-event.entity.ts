import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One line of the audit trail: who (id and role at the time), did what, to which records, when and from where.
 * Append-only: the database refuses to update or delete a row (a trigger), and the API has no path to either.
 * It never holds what a record says, nor an e-mail address, so erasing a person leaves nothing of them here.
 */
@ObjectType()
@Entity('audit_events')
@Index('IDX_audit_events_at', ['at'])
export class AuditEvent {
  @Field(() => ID)
  @PrimaryGeneratedColumn()
  id: number;

  @Field()
  @CreateDateColumn({ type: 'timestamptz' })
  at: Date;

  @Field(() => ID, { nullable: true, description: 'The account that acted; none for the retention job' })
  @Column({ name: 'actor_id', type: 'integer', nullable: true })
  actorId: number | null;

  @Field(() => String, { nullable: true, description: 'Its role at the time' })
  @Column({ name: 'actor_role', type: 'text', nullable: true })
  actorRole: string | null;

  @Field({ description: 'care.read, care.list, care.search, care.delete, gift-aid.read, gift-aid.preview, export.csv, export.subject-access, export.own-data, role.change, account.erase, visitor.erase, retention.run' })
  @Column({ type: 'text' })
  action: string;

  @Field(() => String, { nullable: true, description: 'The kind of record, e.g. CounsellingRequest' })
  @Column({ name: 'record_kind', type: 'text', nullable: true })
  recordKind: string | null;

  @Field(() => [String])
  @Column({ name: 'record_ids', type: 'text', array: true, default: () => "'{}'" })
  recordIds: string[];

  @Field(() => String, { nullable: true, description: "The caller's network address" })
  @Column({ type: 'text', nullable: true })
  address: string | null;

  @Field(() => String, { nullable: true, description: 'What changed or how many, in words; never a record\'s content' })
  @Column({ type: 'text', nullable: true })
  detail: string | null;
}
