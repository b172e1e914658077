import { Aws, Duration } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { UPLOAD_STAGING_PREFIX } from '#shared/deploy-names';
import { removalPolicyOf, resourcePrefix, type StageConfig } from '../stages';
import { creationSuffix } from './names';

export interface FilesProps {
  readonly stage: StageConfig;
  /** The site's origin (`https://host`), the only one allowed to upload and download. */
  readonly siteUrl: string;
  readonly accessLogs: IBucket;
}

/**
 * The data-room bucket's name is known up front: the site's Content-Security-Policy names it, while the bucket's
 * CORS names the site, and references both ways would form a cycle. It ends in the stack's creationSuffix, so
 * the retained bucket of a failed first create does not block the retry.
 */
export const dataBucketName = (stage: StageConfig): string =>
  `${resourcePrefix(stage)}-data-${Aws.ACCOUNT_ID}-${creationSuffix()}`;

/** The host browsers upload to and download from (presigned POST and GET, virtual-hosted style). */
export const dataBucketHost = (stage: StageConfig): string =>
  `${dataBucketName(stage)}.s3.${stage.region}.${Aws.URL_SUFFIX}`;

/** The founders' data room: private, reached only through presigned URLs our API signs. */
export class Files extends Construct {
  readonly bucket: Bucket;

  constructor(scope: Construct, id: string, { stage, siteUrl, accessLogs }: FilesProps) {
    super(scope, id);
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: dataBucketName(stage),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      cors: [
        {
          allowedOrigins: [siteUrl],
          allowedMethods: [HttpMethods.GET, HttpMethods.POST, HttpMethods.HEAD],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        {
          id: 'expire-replaced-and-abandoned',
          // Versioning guards against accidental overwrites; old versions need not live forever.
          noncurrentVersionExpiration: Duration.days(30),
          expiredObjectDeleteMarker: true,
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        {
          id: 'expire-unconfirmed-uploads',
          // Browsers upload under uploads/; the API moves a file out only after checking it, so
          // anything still there a day later was never confirmed (too large, abandoned, refused).
          prefix: UPLOAD_STAGING_PREFIX,
          expiration: Duration.days(1),
        },
      ],
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'data-room/',
      removalPolicy: removalPolicyOf(stage),
      autoDeleteObjects: !stage.production,
    });
  }
}
