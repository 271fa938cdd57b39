// Imported first by the local entry points (npm start, the CLI, the benches, the tests), never by a
// Lambda: the AWS SDK warns on every start that its releases after January 2027 need Node 22. Local
// machines run Node 20 on purpose (package.json's engines) with the SDK pinned, so the warning tells a
// person nothing they can act on; Lambda runs Node 22, where the SDK keeps its own judgement. The SDK
// documents this variable (@aws-sdk/core, emitWarningIfUnsupportedVersion); one set (to "false", say) is kept.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= "true";
