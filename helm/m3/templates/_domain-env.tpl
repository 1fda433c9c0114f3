{{/* The environment of one domain's container. Call with (dict "root" $ "component" "kb"). */}}
{{- define "m3.domainEnv" -}}
{{- $root := .root -}}
{{- $values := index $root.Values .component -}}
{{- $prefix := printf "M3_%s" (upper .component) -}}
{{ include "m3.commonEnv" $root }}
{{ include "m3.secretEnv" $root }}
- name: {{ $prefix }}_GRPC_PORT
  value: {{ $values.grpcPort | quote }}
- name: M3_METRICS_PORT
  value: {{ $root.Values.metricsPort | quote }}
{{- if has .component (splitList " " (include "m3.databaseDomains" $root)) }}
{{ include "m3.databaseEnv" (dict "root" $root "domains" (list .component)) }}
{{- end }}
{{- if eq .component "kb" }}
- name: M3_ADMIN_USER
  value: {{ $root.Values.secrets.adminUser | quote }}
- name: M3_ADMIN_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.secretName" $root }}
      key: {{ $root.Values.secrets.adminPasswordKey }}
      optional: true
{{- end }}
{{- if eq .component "config" }}
- name: M3_KB_GRPC_ADDRESS
  value: {{ include "m3.grpcAddress" (dict "root" $root "component" "kb") | quote }}
- name: M3_CONFIG_PUBLIC_URL
  value: {{ printf "%s/config" (trimSuffix "/" $root.Values.publicUrl) | quote }}
{{- range splitList " " (include "m3.domains" $root) }}
{{- if and (index $root.Values .).discovery (ne . "config") }}
- name: {{ include "m3.apiKeyEnv" . }}
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.secretName" $root }}
      key: {{ $root.Values.secrets.apiKeyKey }}
{{- end }}
{{- end }}
{{- end }}
{{- if eq .component "annotation" }}
{{- if $root.Values.kb.enabled }}
{{- /* Box queries with descendants and box relabels ask the kb. */}}
- name: M3_KB_GRPC_ADDRESS
  value: {{ include "m3.grpcAddress" (dict "root" $root "component" "kb") | quote }}
{{- end }}
{{- with include "m3.annotationRegistrySchema" $root }}
- name: M3_ANNOTATION_REGISTRY_SCHEMA
  value: {{ . | quote }}
{{- end }}
{{- include "m3.natsEventsEnv" $root }}
{{- if $root.Values.events.zeroMq.enabled }}
- name: M3_EVENTS_ZEROMQ_PORT
  value: {{ $root.Values.events.zeroMq.port | quote }}
- name: M3_EVENTS_ZEROMQ_TOPIC
  value: {{ $root.Values.events.zeroMq.topic | quote }}
{{- end }}
{{- end }}
{{- if eq .component "capture" }}
- name: CAPTURE_CACHE_SIZE
  value: {{ $root.Values.capture.cacheSizeMegabytes | quote }}
- name: CAPTURE_CROP_CACHE_SIZE
  value: {{ $root.Values.capture.cropCacheSizeMegabytes | quote }}
{{- with $root.Values.capture.cropAllowedHosts }}
- name: CAPTURE_CROP_ALLOWED_HOSTS
  value: {{ join "," . | quote }}
{{- end }}
{{- if $root.Values.registry.enabled }}
- name: M3_REGISTRY_GRPC_ADDRESS
  value: {{ include "m3.grpcAddress" (dict "root" $root "component" "registry") | quote }}
{{- end }}
{{- end }}
{{- if eq .component "upload" }}
{{ include "m3.uploadStoreEnv" $root }}
{{- end }}
{{- with $values.env }}
{{ toYaml . }}
{{- end }}
{{- end }}

{{/* Where uploaded images are (the upload service, and the backup that lists them). Call with $. */}}
{{- define "m3.uploadStoreEnv" -}}
{{- $root := . -}}
- name: M3_UPLOAD_S3_ENDPOINT
  value: {{ $root.Values.minio.endpoint | quote }}
- name: M3_UPLOAD_S3_BUCKET
  value: {{ $root.Values.minio.bucket | quote }}
- name: M3_UPLOAD_S3_REGION
  value: {{ $root.Values.minio.region | quote }}
- name: M3_UPLOAD_S3_ACCESS_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.minioSecretName" $root }}
      key: {{ $root.Values.minio.accessKeyKey }}
- name: M3_UPLOAD_S3_SECRET_KEY
  valueFrom:
    secretKeyRef:
      name: {{ include "m3.minioSecretName" $root }}
      key: {{ $root.Values.minio.secretKeyKey }}
{{- if $root.Values.minio.publicUrl }}
- name: M3_UPLOAD_PUBLIC_URL
  value: {{ $root.Values.minio.publicUrl | quote }}
{{- end }}
{{- end }}

{{/* Where the annotation pods publish their changes and the gateways follow them (NATS). Call with $. */}}
{{- define "m3.natsEventsEnv" -}}
{{- if .Values.events.nats.url }}
- name: M3_EVENTS_NATS_URL
  value: {{ .Values.events.nats.url | quote }}
- name: M3_EVENTS_NATS_SUBJECT
  value: {{ .Values.events.nats.subject | quote }}
{{- end }}
{{- end }}
