## The texts of the AWS SDKs rule pack (packs/aws-sdks.toml).
aws-sdk-error-recovery = look up the error code { $code } in the service's API reference and do what it says; resend unchanged only when it is a throttling or availability error, after a backoff
