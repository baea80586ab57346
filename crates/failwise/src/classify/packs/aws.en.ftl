## The texts of the AWS rule pack (packs/aws.toml).
aws-error-recovery = look up { $code } for the { $operation } operation in the service's API reference and do what it says; resend unchanged only when the error is a throttling one
