## The texts of the aws-go rule pack (packs/aws-go.toml).
aws-error-recovery = look up { $code } for the { $operation } operation in the service's API reference and do what it says; resend unchanged only when the error is a throttling one
aws-go-v1-error-recovery = look up { $code } in the API reference of the service that answered with status { $status } and do what it says; resend unchanged only when the error is a throttling one
