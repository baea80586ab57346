## The texts of the aws-go rule pack (packs/aws-go.toml).
aws-error-recovery = look up { $code } for the { $operation } operation in the service's API reference and do what it says; resend unchanged only when the error is a throttling one
