{{/*
The chart installs the M3Platform CRD, the operator and (from values) one M3Platform. The
platform's Deployments, Services and the rest are the operator's to render, from its builders
(services/operator/builders/): nothing here describes them.
*/}}

{{- define "m3.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* `<release>-<chart>`, or the release name alone when it already contains the chart name. */}}
{{- define "m3.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* Name of one component's objects. Call with (dict "root" $ "component" "operator"). */}}
{{- define "m3.componentName" -}}
{{- printf "%s-%s" (include "m3.fullname" .root) .component | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Selector labels: stable across upgrades, so no chart or app version. */}}
{{- define "m3.selectorLabels" -}}
app.kubernetes.io/name: {{ include "m3.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/*
The operator pods' labels: a name of their own, so the platform's NetworkPolicies (which select
`app.kubernetes.io/name: m3` and the instance) never select them.
*/}}
{{- define "m3.operatorSelectorLabels" -}}
app.kubernetes.io/name: {{ printf "%s-operator" (include "m3.name" .) }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: operator
{{- end }}

{{- define "m3.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "m3.selectorLabels" . }}
app.kubernetes.io/part-of: m3
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- end }}

{{/* Extra labels (a map) merged over an object's standard ones. Call with (dict "ctx" $ctx "labels" map). */}}
{{- define "m3.labelsWith" -}}
{{ include "m3.labels" .ctx }}
{{- with .labels }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* The M3Platform's name: its objects are `<name>-<domain>`, as the chart before the operator named them. */}}
{{- define "m3.platformName" -}}
{{- .Values.platform.name | default (include "m3.fullname" .) }}
{{- end }}

{{/* The Secret the chart generates when the spec names none (a development convenience). */}}
{{- define "m3.generatedSecretName" -}}
{{- printf "%s-secrets" (include "m3.fullname" .) }}
{{- end }}

{{/* Whether the chart generates its Secret: the spec names no Secret of the platform's keys, or values give a database URL. */}}
{{- define "m3.generatesSecret" -}}
{{- if or (not (dig "secrets" "name" "" .Values.platform.spec)) .Values.generatedSecret.databaseUrl }}true{{ end }}
{{- end }}

{{/*
The M3Platform's spec: platform.spec with what the chart fills in: the version (the chart's
appVersion), and the generated Secret's keys where the spec names no Secret of its own.
*/}}
{{- define "m3.platformSpec" -}}
{{- $spec := deepCopy .Values.platform.spec }}
{{- $generated := include "m3.generatedSecretName" . }}
{{- if not $spec.version }}{{ $_ := set $spec "version" .Chart.AppVersion }}{{ end }}
{{- if not (dig "secrets" "name" "" $spec) }}
{{- $_ := set $spec "secrets" (merge (dict "name" $generated "apiKeyKey" "api-key" "signingSecretKey" "signing-secret") ($spec.secrets | default dict)) }}
{{- if not (dig "admin" "passwordSecret" "" $spec) }}
{{- $_ := set $spec "admin" (merge (dict "passwordSecret" (dict "name" $generated "key" "admin-password")) ($spec.admin | default dict)) }}
{{- end }}
{{- end }}
{{- if not (dig "database" "urlSecret" "" $spec) }}
{{- if not .Values.generatedSecret.databaseUrl }}
{{- fail "the platform needs a database: set platform.spec.database.urlSecret (a Secret's name and key) or, for development, generatedSecret.databaseUrl" }}
{{- end }}
{{- $_ := set $spec "database" (merge (dict "urlSecret" (dict "name" $generated "key" "database-url")) ($spec.database | default dict)) }}
{{- end }}
{{- toYaml $spec }}
{{- end }}

{{/* Whether the platform runs a domain (spec.domains.<domain>.enabled, default true). Call with (dict "root" $ "domain" "kb"). */}}
{{- define "m3.domainEnabled" -}}
{{- if ne (toString (dig "domains" .domain "enabled" true .root.Values.platform.spec)) "false" }}true{{ end }}
{{- end }}

{{/* The platform's components that serve metrics: its domains and gateway. */}}
{{- define "m3.monitoredComponents" -}}
{{- $names := list }}
{{- range list "kb" "annotation" "registry" "config" "capture" "upload" "gateway" }}
{{- if include "m3.domainEnabled" (dict "root" $ "domain" .) }}{{ $names = append $names . }}{{ end }}
{{- end }}
{{- join " " $names }}
{{- end }}

{{/*
PromQL label matchers of the platform's targets, as its ServiceMonitor labels them: the job is
the Service's name (`<platform>-<component>`), the namespace the release's.
*/}}
{{- define "m3.metricsSelector" -}}
{{- printf "namespace=\"%s\",job=~\"%s-(%s)\"" .Release.Namespace (include "m3.platformName" .) (include "m3.monitoredComponents" . | replace " " "|") }}
{{- end }}

{{/* The gateway's in-cluster base URL (the helm test asks it). */}}
{{- define "m3.internalGatewayUrl" -}}
{{- printf "http://%s-gateway.%s.svc.%s:8080" (include "m3.platformName" .) .Release.Namespace (dig "clusterDomain" "cluster.local" .Values.platform.spec) }}
{{- end }}

{{/* The platform's image at its version (the helm test runs it). */}}
{{- define "m3.platformImage" -}}
{{- printf "%s:%s" .Values.platform.spec.image (.Values.platform.spec.version | default .Chart.AppVersion) }}
{{- end }}

{{/* The operator's image. */}}
{{- define "m3.operatorImage" -}}
{{- printf "%s:%s" .Values.operator.image.repository (.Values.operator.image.tag | default .Chart.AppVersion) }}
{{- end }}
