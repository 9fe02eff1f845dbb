import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A PayPal webhook event already received: its id makes a replay a no-op. */
@Entity('paypal_webhook_events')
export class WebhookEventRecord {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id: string;

  @Column({ name: 'event_type', type: 'varchar', length: 64 })
  eventType: string;

  @Column({ type: 'jsonb' })
  body: Record<string, unknown>;

  @CreateDateColumn({ name: 'received_at', type: 'timestamptz' })
  receivedAt: Date;

  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt: Date | null;
}
