import type { CertificateHolder, CertificateItem, CompletedCourse, CompletedModule } from '@bastion/contract';
import type { Db } from '@bastion/db';
import { NotFound } from '../../lib/errors.ts';
import { requireUuid } from '../../lib/ids.ts';
import { safeFileName } from '../content/import-media.ts';
import { avatarPath } from '../media/media.paths.ts';
import { profileIsPublic, shownLearner } from '../profiles/anonymous-learner.ts';
import { renderCertificatePdf } from './certificate-pdf.ts';
import * as repo from './certificates.repository.ts';

export interface CertificatesServiceDeps {
  db: Db;
  /** APP_URL, without a trailing slash. */
  appUrl: string;
}

export interface CertificatePdf {
  filename: string;
  bytes: Uint8Array;
}

export function fullName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName.trim()} ${user.lastName.trim()}`.trim();
}

/**
 * A certificate's holder on its verification page: named whatever their public-profile setting, since the page is
 * there to prove who holds it, and only its holder (or whoever they gave the link) knows its address (decision 0194).
 * Never the email or settings.
 */
function holder(row: {
  username: string;
  firstName: string;
  lastName: string;
  photoId: string | null;
}): CertificateHolder {
  return { username: row.username, full_name: fullName(row), photo: avatarPath(row.photoId) };
}

export function createCertificatesService({ db, appUrl }: CertificatesServiceDeps) {
  const verificationUrl = (id: string) => `${appUrl}/completion/course/${id}`;

  function certificate(row: repo.CertificateRow): CertificateItem {
    return {
      id: row.id,
      serial: row.serial,
      course: { id: row.courseId, title: row.courseTitle },
      completed_at: row.completedAt.toISOString(),
      points_earned: row.pointsEarned,
      verification_url: verificationUrl(row.id),
    };
  }

  async function ownCertificate(userId: string, id: string) {
    const row = await repo.findCertificate(db, userId, requireUuid(id));
    // Another learner's certificate is as unknown as a missing one.
    if (!row) throw new NotFound();
    return row;
  }

  return {
    async list(userId: string): Promise<CertificateItem[]> {
      return (await repo.listCertificates(db, userId)).map(certificate);
    },

    async get(userId: string, id: string): Promise<CertificateItem> {
      return certificate(await ownCertificate(userId, id));
    },

    async pdf(userId: string, id: string): Promise<CertificatePdf> {
      const row = await ownCertificate(userId, id);
      const bytes = await renderCertificatePdf({
        fullName: fullName(row),
        username: row.username,
        courseTitle: row.courseTitle,
        completedAt: row.completedAt,
        serial: row.serial,
        pointsEarned: row.pointsEarned,
        verificationUrl: verificationUrl(row.id),
      });
      return { filename: safeFileName(`bastion-certificate-${row.courseSlug}-${row.serial}.pdf`), bytes };
    },

    async completedCourse(id: string): Promise<CompletedCourse> {
      const row = await repo.findCourseCompletion(db, requireUuid(id));
      if (!row) throw new NotFound();
      return {
        id: row.id,
        user: holder(row),
        course: row.content,
        serial: row.serial,
        completed_at: row.completedAt.toISOString(),
        points_earned: row.pointsEarned,
      };
    },

    async completedModule(id: string): Promise<CompletedModule> {
      const row = await repo.findModuleCompletion(db, requireUuid(id));
      if (!row) throw new NotFound();
      return {
        id: row.id,
        user: shownLearner(row, profileIsPublic(row.publicProfile)),
        module: row.content,
        completed_at: row.completedAt.toISOString(),
        points_earned: row.pointsEarned,
      };
    },
  };
}
