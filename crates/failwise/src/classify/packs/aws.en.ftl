## The texts of the aws rule pack (packs/aws.toml).
aws-retried-recovery = wait and run it again with backoff (raise `max_attempts` in the retry configuration, or lower the request rate)
aws-throttled-recovery = wait and run it again with backoff, or lower the request rate
aws-credentials-recovery = check the credentials and the IAM policy for { $operation } (`aws sts get-caller-identity` shows who is calling), then run it again
aws-missing-recovery = check the name of the resource { $operation } was given (bucket, key, table, region); create it first if it should exist
aws-conflict-recovery = read the current state of the resource { $operation } touched, then decide: use another name, or change the condition to match what is there
aws-invalid-recovery = fix the parameters given to { $operation } as the message says (`aws help` lists them for each operation), then run it again
