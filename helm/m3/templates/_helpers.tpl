{{/* The gRPC domains, in the order their objects are rendered. */}}
{{- define "m3.domains" -}}
kb annotation registry config capture upload
{{- end }}

{{/* Domains whose storage is MySQL: the migrate Job opens them. */}}
{{- define "m3.databaseDomains" -}}
kb annotation registry
{{- end }}

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

{{/* Name of one component's objects. Call with (dict "root" $ "component" "kb"). */}}
{{- define "m3.componentName" -}}
{{- printf "%s-%s" (include "m3.fullname" .root) .component | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/* Selector labels: stable across upgrades, so no chart or app version. */}}
{{- define "m3.selectorLabels" -}}
app.kubernetes.io/name: {{ include "m3.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end }}

{{/* Every object's labels; part-of m3 is what the config service's discovery selects. */}}
{{- define "m3.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "m3.selectorLabels" . }}
app.kubernetes.io/part-of: m3
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
{{- end }}

{{/* The image of a component: its own repository/tag, else the shared ones. */}}
{{- define "m3.image" -}}
{{- $values := index .root.Values .component -}}
{{- $own := $values.image | default dict -}}
{{- $repository := $own.repository | default .root.Values.image.repository -}}
{{- $tag := $own.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" $repository $tag }}
{{- end }}

{{- define "m3.secretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" (include "m3.fullname" .)) }}
{{- end }}

{{- define "m3.mysqlSecretName" -}}
{{- .Values.mysql.existingSecret | default (printf "%s-secrets" (include "m3.fullname" .)) }}
{{- end }}

{{- define "m3.minioSecretName" -}}
{{- .Values.minio.existingSecret | default (printf "%s-secrets" (include "m3.fullname" .)) }}
{{- end }}

{{/*
The gRPC target of a domain: its headless Service's DNS name, which resolves to every ready pod,
so clients balance their calls over the replicas (round_robin) instead of sending them all to one.
*/}}
{{- define "m3.grpcAddress" -}}
{{- $values := index .root.Values .component -}}
{{- printf "dns:///%s:%v" (include "m3.componentName" .) $values.grpcPort }}
{{- end }}

{{/* The gateway's in-cluster base URL, through which the config service polls health. */}}
{{- define "m3.internalGatewayUrl" -}}
{{- printf "http://%s.%s.svc.%s:%v" (include "m3.componentName" (dict "root" . "component" "gateway")) .Release.Namespace .Values.clusterDomain .Values.gateway.port }}
{{- end }}

{{/* A domain's extra endpoints as the JSON list of m3.io/extra-endpoints: URLs at the public and in-cluster gateway. */}}
{{- define "m3.extraEndpoints" -}}
{{- $root := .root }}
{{- $entries := list }}
{{- range .endpoints }}
{{- $public := printf "%s%s" (trimSuffix "/" $root.Values.publicUrl) .path }}
{{- $internal := printf "%s%s" (include "m3.internalGatewayUrl" $root) .path }}
{{- $entries = append $entries (dict "names" .names "url" $public "internalUrl" $internal "proxyPath" .proxyPath "timeoutMillis" .timeoutMillis) }}
{{- end }}
{{- toJson $entries }}
{{- end }}

{{/* The variable holding a domain's API key in the config service (m3.io/secret-env). */}}
{{- define "m3.apiKeyEnv" -}}
{{- printf "M3_%s_API_KEY" (upper .) }}
{{- end }}

{{/* A probe: the handler plus the timing values (without the on/off switch). */}}
{{- define "m3.probe" -}}
{{- toYaml (merge (omit .probe "enabled") .handler) }}
{{- end }}

{{/* Pod volumes: writable /tmp and the data dir on a read-only root. */}}
{{- define "m3.volumes" -}}
- name: tmp
  emptyDir: {}
- name: data
  {{- if .sizeLimit }}
  emptyDir:
    sizeLimit: {{ .sizeLimit }}
  {{- else }}
  emptyDir: {}
  {{- end }}
{{- end }}

{{- define "m3.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /var/lib/m3
{{- end }}

{{/* Environment every process reads. */}}
{{- define "m3.commonEnv" -}}
- name: M3_LOG_LEVEL
  value: {{ .Values.logLevel | quote }}
- name: M3_DATA_DIR
  value: /var/lib/m3
{{- if .Values.otel.endpoint }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ .Values.otel.endpoint | quote }}
{{- end }}
{{- with .Values.commonEnv }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Keys and the signing secret, shared by every domain (readDomainConfig's fallbacks). */}}
{{- define "m3.secretEnv" -}}
- name: M3_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.secretName" . }}
      key: {{ .Values.secrets.apiKeyKey }}
- name: M3_SIGNING_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.secretName" . }}
      key: {{ .Values.secrets.signingSecretKey }}
{{- /* Rotation: more accepted API keys and earlier signing secrets, absent from the Secret until a rotation adds them. */}}
- name: M3_API_KEYS
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.secretName" . }}
      key: {{ .Values.secrets.apiKeysKey }}
      optional: true
- name: M3_PREVIOUS_SIGNING_SECRETS
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.secretName" . }}
      key: {{ .Values.secrets.previousSigningSecretsKey }}
      optional: true
{{- end }}

{{/* The engine of a domain's database, mysql or postgres. Call with (dict "root" $ "domain" "kb"). */}}
{{- define "m3.databaseEngine" -}}
{{- $engine := index .root.Values.database.engines .domain | default .root.Values.database.engine -}}
{{- if not (has $engine (list "mysql" "postgres")) -}}
{{- fail (printf "the %s database's engine must be mysql or postgres, got %q (database.engine, database.engines.%s)" .domain $engine .domain) -}}
{{- end -}}
{{- $engine -}}
{{- end }}

{{/* The engines of the given domains' databases, each once, space-separated. Call with (dict "root" $ "domains" (list ...)). */}}
{{- define "m3.databaseEngines" -}}
{{- $engines := list -}}
{{- range .domains -}}
{{- $engines = append $engines (include "m3.databaseEngine" (dict "root" $.root "domain" .)) -}}
{{- end -}}
{{- join " " (uniq $engines) -}}
{{- end }}

{{- define "m3.postgresSecretName" -}}
{{- .Values.postgres.existingSecret | default (printf "%s-secrets" (include "m3.fullname" .)) }}
{{- end }}

{{/*
M3_<DOMAIN>_DATABASE_URL on each domain's engine (the mysql or postgres block), built from that
engine's password variable defined before it. Call with (dict "root" $ "domains" (list ...)).
*/}}
{{- define "m3.databaseEnv" -}}
{{- $engines := splitList " " (include "m3.databaseEngines" .) }}
{{- if has "mysql" $engines }}
- name: M3_MYSQL_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.mysqlSecretName" .root }}
      key: {{ .root.Values.mysql.passwordKey }}
{{- end }}
{{- if has "postgres" $engines }}
- name: M3_POSTGRES_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.postgresSecretName" .root }}
      key: {{ .root.Values.postgres.passwordKey }}
{{- end }}
{{- range .domains }}
{{- $engine := include "m3.databaseEngine" (dict "root" $.root "domain" .) }}
{{- $server := index $.root.Values $engine }}
- name: M3_{{ upper . }}_DATABASE_URL
  value: {{ printf "%s://%s:$(M3_%s_PASSWORD)@%s:%v/%s" $engine $server.username (upper $engine) $server.host $server.port (index $server.databases .) | quote }}
{{- end }}
{{- end }}

{{/*
Where the annotation tabular query's view finds the registry's tables: the registry's database
on the same MySQL server, or its schema (public) when both domains share one PostgreSQL
database; nothing otherwise (the registry columns are null). Call with $.
*/}}
{{- define "m3.annotationRegistrySchema" -}}
{{- $annotation := include "m3.databaseEngine" (dict "root" . "domain" "annotation") -}}
{{- $registry := include "m3.databaseEngine" (dict "root" . "domain" "registry") -}}
{{- if and (eq $annotation "mysql") (eq $registry "mysql") -}}
{{- .Values.mysql.databases.registry -}}
{{- else if and (eq $annotation "postgres") (eq $registry "postgres") (eq .Values.postgres.databases.annotation .Values.postgres.databases.registry) -}}
public
{{- end -}}
{{- end }}

{{/* The enabled components that serve metrics: the domains and the gateway. */}}
{{- define "m3.monitoredComponents" -}}
{{- $names := list }}
{{- range concat (splitList " " (include "m3.domains" .)) (list "gateway") }}
{{- if (index $.Values .).enabled }}{{ $names = append $names . }}{{ end }}
{{- end }}
{{- join " " $names }}
{{- end }}

{{/*
PromQL label matchers of the release's targets, as the ServiceMonitor labels them: the job is
the Service's name, the namespace the release's.
*/}}
{{- define "m3.metricsSelector" -}}
{{- printf "namespace=\"%s\",job=~\"%s-(%s)\"" .Release.Namespace (include "m3.fullname" .) (include "m3.monitoredComponents" . | replace " " "|") }}
{{- end }}

{{/* Extra labels (a map) merged over an object's standard ones. Call with (dict "ctx" $ctx "labels" map). */}}
{{- define "m3.labelsWith" -}}
{{ include "m3.labels" .ctx }}
{{- with .labels }}
{{ toYaml . }}
{{- end }}
{{- end }}
