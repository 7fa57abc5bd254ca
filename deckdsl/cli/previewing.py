"""(work in progress: issue 13)"""
