import { Module } from '@nestjs/common';
import { MailPersonalData } from './mail.personal-data.js';
import { MailService } from './mail.service.js';

@Module({ providers: [MailService, MailPersonalData], exports: [MailService] })
export class MailModule {}
