{{/* Names and labels shared by every template. */}}
{{- define "rmm.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "rmm.fullname" -}}
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

{{- define "rmm.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
app.kubernetes.io/name: {{ include "rmm.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "rmm.selectorLabels" -}}
app.kubernetes.io/name: {{ include "rmm.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "rmm.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{- define "rmm.secretName" -}}
{{- if .Values.existingSecret }}{{ .Values.existingSecret }}{{ else }}{{ include "rmm.fullname" . }}-secrets{{ end }}
{{- end }}

{{/* The environment of every process: the ConfigMap, then the Secret. */}}
{{- define "rmm.envFrom" -}}
- configMapRef:
    name: {{ include "rmm.fullname" . }}-config
- secretRef:
    name: {{ include "rmm.secretName" . }}
{{- end }}

{{/* Restarts the pods when the settings change (web and worker read them at start). */}}
{{- define "rmm.configChecksum" -}}
checksum/config: {{ toJson .Values.config | sha256sum }}
checksum/secrets: {{ toJson .Values.secrets | sha256sum }}
{{- end }}

{{/*
The root filesystem is read-only; these are the directories the processes write to: mail files
(MAIL_DIR, when SMTP_URL is unset), Next.js's runtime cache, and temporary files.
*/}}
{{- define "rmm.writableVolumes" -}}
- name: data
  emptyDir: {}
- name: next-cache
  emptyDir: {}
- name: tmp
  emptyDir: {}
{{- end }}

{{- define "rmm.writableMounts" -}}
- name: data
  mountPath: /app/.data
- name: next-cache
  mountPath: /app/.next/cache
- name: tmp
  mountPath: /tmp
{{- end }}
